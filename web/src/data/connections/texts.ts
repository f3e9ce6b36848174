import { PLATFORM_NAMES, type ConnectionPlatform } from '@cofounder/shared';

const name = (p: ConnectionPlatform) => PLATFORM_NAMES[p];

/** Every text of the shared connection state (spec 1 §8 "Shared connections") and the screen (spec 2 §8). */
export const CONNECTION_TEXT = {
  fetchFailed: 'Failed to fetch connections',
  noToken: 'No valid authentication token available',
  loginToView: 'Please log in to view your connections',
  authExpired: 'Authentication expired. Please log in again.',
  addNeedsAuth: 'Authentication required to add connections',
  removeNeedsAuth: 'Authentication required to remove connections',
  connectNeedsLogin: 'Please log in to connect accounts',
  disconnectNeedsAuth: 'Authentication required to disconnect accounts',
  invalidOAuth: 'Invalid OAuth data received',
  popupBlocked: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  connectFailed: (p: ConnectionPlatform) => `Failed to connect to ${name(p)}`,
  disconnectFailed: (p: ConnectionPlatform) => `Failed to disconnect from ${name(p)}`,
  connected: (p: ConnectionPlatform) => `Connected to ${name(p)} successfully!`,
  disconnected: (p: ConnectionPlatform) => `Disconnected from ${name(p)}`,
  saveFailed: (p: ConnectionPlatform, msg: string) => `Failed to save ${name(p)} connection: ${msg}`,
  oauthFailed: (p: ConnectionPlatform, error: string) => `Failed to connect to ${name(p)}: ${error}`,
  resumed: (p: ConnectionPlatform, n: number) => `${name(p)} connected, ${n} paused task(s) resumed`,
};
