import type { ConnectionPlatform } from '@cofounder/shared';

const POPUP_SIZE = 600;

/**
 * Opens the 600×600 OAuth window centred over this one (spec 2 §7). A popup navigation cannot send a bearer
 * header, so the start route takes the access token in its query (the server accepts it there only).
 * Returns null when the browser blocked the window.
 */
export function openOAuthPopup(
  platform: ConnectionPlatform,
  userId: string,
  accessToken: string,
): Window | null {
  const query = new URLSearchParams({ userId, access_token: accessToken });
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_SIZE) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_SIZE) / 2));
  return window.open(
    `/auth/${platform}?${query.toString()}`,
    `oauth-${platform}`,
    `width=${POPUP_SIZE},height=${POPUP_SIZE},left=${left},top=${top}`,
  );
}

/**
 * Origins whose OAuth messages count. The callback page is served by this server, which is the page's own
 * origin in every mode (npm start serves both; Vite proxies /auth in dev). supabaseUrl is deliberately not
 * trusted: it is the auth server, which never posts OAuth results for social accounts.
 */
export function trustedOAuthOrigins(): string[] {
  return [window.location.origin];
}
