// Type-only imports and the zod-free names: the extension popup shows these without loading the schemas.
import type { ConnectionPlatform } from '../../schemas/connections.ts';
import { PLATFORM_NAMES, type ConnectionStatus } from '../../rules/connection-status.ts';

/** What a platform's state is called wherever it is shown (spec 2 §4): the dashboard's cards and the popup. */
export const CONNECTION_STATUS_LABEL: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  error: 'Error',
  not_connected: 'Not Connected',
  coming_soon: 'Coming Soon',
};

/** The action a platform offers, in the dashboard and the popup alike. */
export const CONNECT_ACTION_TEXT = {
  connect: 'Connect',
  reconnect: 'Reconnect',
  connecting: 'Connecting...',
  comingSoon: 'Coming Soon',
  /** In place of Connect when GET /api/config says the platform's OAuth app is not set up on this server. */
  notConfigured: (platform: ConnectionPlatform) =>
    `${PLATFORM_NAMES[platform]} is not configured on this server`,
};
