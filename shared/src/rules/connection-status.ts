// Type-only imports: the extension popup shows connection cards without loading zod.
import type { ConnectionPlatform, ConnectionView } from '../schemas/connections.ts';

/** The names founders see for each platform (spec 2 §2: X, not Twitter). */
export const PLATFORM_NAMES: Record<ConnectionPlatform, string> = {
  twitter: 'X',
  reddit: 'Reddit',
  linkedin: 'LinkedIn',
};

/** A card's state (spec 2 §4): no record, a record, a record with an error; LinkedIn is always coming soon. */
export type ConnectionStatus = 'connected' | 'error' | 'not_connected' | 'coming_soon';

/** The state a platform's card shows for the connection the server holds (or none). */
export function connectionStatus(
  platform: ConnectionPlatform,
  view: ConnectionView | undefined,
): ConnectionStatus {
  if (platform === 'linkedin') return 'coming_soon';
  if (!view) return 'not_connected';
  if (view.error) return 'error';
  return view.connected ? 'connected' : 'not_connected';
}
