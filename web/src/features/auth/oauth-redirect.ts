import type { AuthClient } from './auth-client.ts';
import { authUrlParams } from './auth-url.ts';

/** Pages that read auth tokens from their own URL and decide themselves whether to keep a session. */
const SELF_HANDLED_PATHS = ['/verify-email', '/reset-password'];

/**
 * URL session detection is off (so confirmation and reset links never sign anyone in by accident), which means
 * an OAuth return (implicit flow: `/dashboard/chat#access_token=…&refresh_token=…`) is adopted here, once, before
 * the first render; the tokens are then removed from the address bar.
 */
export async function adoptOAuthRedirect(
  auth: AuthClient,
  location: Location,
  history: History,
): Promise<void> {
  if (SELF_HANDLED_PATHS.includes(location.pathname) || !location.hash) return;
  const params = authUrlParams('', location.hash);
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  // A rejected or failed adoption simply leaves the visitor signed out; the route guard then offers /login.
  await auth.setSession({ access_token: accessToken, refresh_token: refreshToken }).catch(() => undefined);
}
