import { z } from 'zod';
import { ConnectionPlatform, OAuthSuccessData } from '../schemas/connections.ts';
import { contract, endpointPath } from '../api/contract.ts';

const SocialConfig = z.object({
  social: z.object({ twitter: z.boolean().optional(), reddit: z.boolean().optional() }).partial().optional(),
});

/**
 * Whether GET /api/config says the platform's OAuth app is configured on this server. Read tolerantly: a
 * server without `social` (or a malformed one) counts as not configured. LinkedIn never is.
 */
export function isSocialConfigured(config: unknown, platform: ConnectionPlatform): boolean {
  if (platform === 'linkedin') return false;
  const parsed = SocialConfig.safeParse(config);
  return (parsed.success && parsed.data.social?.[platform]) ?? false;
}

/** What an OAuth window message means once its origin was accepted. */
export type OAuthMessage =
  | { kind: 'success'; data: OAuthSuccessData }
  | { kind: 'error'; error: string; platform?: ConnectionPlatform }
  | { kind: 'invalid' }
  | { kind: 'ignored' };

const Envelope = z.object({
  type: z.string(),
  data: z.unknown().optional(),
  error: z.unknown().optional(),
  platform: z.unknown().optional(),
});
const ErrorData = z.object({ error: z.string().optional(), platform: z.unknown().optional() });

/**
 * Reads a window message posted by the OAuth callback page: `{type: 'oauth-success', data}` (the data may also
 * sit beside `type`) or `{type: 'oauth-error', error}`. Success data without an access token or a profile is
 * invalid (spec 2 §5); messages of any other type are ignored.
 */
export function readOAuthMessage(message: unknown): OAuthMessage {
  const envelope = Envelope.safeParse(message);
  if (!envelope.success) return { kind: 'ignored' };
  const { type, data, error, platform } = envelope.data;
  if (type === 'oauth-error') {
    const nested = ErrorData.safeParse(data);
    const text = typeof error === 'string' ? error : (nested.success && nested.data.error) || 'Unknown error';
    const named = ConnectionPlatform.safeParse(
      platform ?? (nested.success ? nested.data.platform : undefined),
    );
    return named.success
      ? { kind: 'error', error: text, platform: named.data }
      : { kind: 'error', error: text };
  }
  if (type !== 'oauth-success') return { kind: 'ignored' };
  const parsed = OAuthSuccessData.safeParse(data ?? message);
  return parsed.success ? { kind: 'success', data: parsed.data } : { kind: 'invalid' };
}

/**
 * The path the connect window opens (spec 2 §7: /auth/{platform}?userId=…), with the single-use code from
 * POST /api/user/connections/{platform}/code: a window navigation cannot send a bearer header, and a bearer in a
 * URL would outlive the window in history and logs.
 */
export function connectWindowPath(platform: ConnectionPlatform, userId: string, code: string): string {
  return `${endpointPath(contract.oauthStart, { platform })}?${new URLSearchParams({ userId, code }).toString()}`;
}
