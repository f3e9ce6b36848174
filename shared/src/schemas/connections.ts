import { z } from 'zod';

/** Platforms a founder can connect; LinkedIn is always "Coming Soon" (spec 2 §4). */
export const CONNECTION_PLATFORMS = ['twitter', 'reddit', 'linkedin'] as const;
export const ConnectionPlatform = z.enum(CONNECTION_PLATFORMS);
export type ConnectionPlatform = z.infer<typeof ConnectionPlatform>;

/**
 * A connection as browsers see it (spec 2 §3): never the provider's tokens, which stay encrypted on the server.
 * `error` set means the Error state (revoked or failed refresh); no record means Not Connected.
 */
export const ConnectionView = z.object({
  platform: ConnectionPlatform,
  connected: z.boolean(),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  lastSync: z.string().nullable(),
  error: z.string().nullable(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

/** GET /api/user/connections (spec 1 §7): the map by platform under details.connections. */
export const ConnectionsResponse = z.object({
  success: z.literal(true),
  details: z.object({ connections: z.partialRecord(ConnectionPlatform, ConnectionView) }),
});
export type ConnectionsResponse = z.infer<typeof ConnectionsResponse>;

/**
 * POST /api/agents/service-connections (spec 1 §4, §7): after an add or remove the dashboard pushes its whole map.
 * The server checks it and stores nothing (`stored: false`): the agents read connections from the server's own
 * records, which this map only mirrors and which alone hold the tokens publishing needs.
 */
export const ServiceConnectionsBody = z.object({
  connections: z.partialRecord(ConnectionPlatform, ConnectionView),
});
export type ServiceConnectionsBody = z.infer<typeof ServiceConnectionsBody>;

/** The push's answer (spec 1 §7: the dashboard does not read it). */
export const ServiceConnectionsResponse = z.object({ success: z.literal(true), stored: z.literal(false) });
export type ServiceConnectionsResponse = z.infer<typeof ServiceConnectionsResponse>;

/**
 * The data of the `oauth-success` window message the callback page posts to the dashboard (spec 2 §5:
 * it needs an access token and a profile). `accessToken` here is a short-lived, single-use confirmation
 * handle — not the provider's token — which the dashboard sends back with POST /api/user/connections/{platform}.
 */
export const OAuthSuccessData = z.object({
  platform: ConnectionPlatform,
  accessToken: z.string().min(11),
  refreshToken: z.string().nullable().optional(),
  profile: z.object({ displayName: z.string(), username: z.string() }),
});
export type OAuthSuccessData = z.infer<typeof OAuthSuccessData>;

/** POST /api/user/connections/{platform}: confirms the connection the OAuth callback stored. */
export const SaveConnectionBody = z.object({
  accessToken: z.string().min(11).max(200),
  refreshToken: z.string().max(200).nullable().optional(),
  profile: z.object({ displayName: z.string().max(200), username: z.string().max(200) }).optional(),
});
export type SaveConnectionBody = z.infer<typeof SaveConnectionBody>;

/** The save response: the connection and how many paused tasks it resumed (spec 2 §3, §4). */
export const SaveConnectionResponse = z.object({
  success: z.literal(true),
  details: z.object({ connection: ConnectionView, resumedTasks: z.number().int() }),
});
export type SaveConnectionResponse = z.infer<typeof SaveConnectionResponse>;

/**
 * POST /api/user/connections/{platform}/code: a single-use code, valid SOCIAL_CONNECT.codeTtlSeconds, that the
 * connect window's URL carries in place of the bearer token (see connectWindowPath).
 */
export const ConnectCodeResponse = z.object({
  success: z.literal(true),
  code: z.string().min(11),
  expiresAt: z.string(),
});
export type ConnectCodeResponse = z.infer<typeof ConnectCodeResponse>;
