import { connectWindowPath, type Api, type ConnectionPlatform } from '@cofounder/shared';

const POPUP_SIZE = 600;

/**
 * Opens the 600×600 OAuth window centred over this one (spec 2 §7), blank: it must open inside the click (a window
 * opened after an await is blocked) and is sent on by `sendOAuthPopup` once its code is in. Returns null when the
 * browser blocked the window.
 */
export function openOAuthPopup(platform: ConnectionPlatform): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_SIZE) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_SIZE) / 2));
  return window.open(
    'about:blank',
    `oauth-${platform}`,
    `width=${POPUP_SIZE},height=${POPUP_SIZE},left=${left},top=${top}`,
  );
}

/**
 * Points the open window at the server's start route with a fresh single-use code (POST with the bearer). A
 * window navigation cannot send a bearer header, and a bearer in a URL would stay in history and logs.
 */
export async function sendOAuthPopup(
  popup: Window,
  api: Pick<Api, 'connectCode'>,
  platform: ConnectionPlatform,
  userId: string,
): Promise<void> {
  const { code } = await api.connectCode(platform);
  popup.location.replace(connectWindowPath(platform, userId, code));
}

/**
 * Origins whose OAuth messages count. The callback page is served by this server, which is the page's own
 * origin in every mode (npm start serves both; Vite proxies /auth in dev). supabaseUrl is deliberately not
 * trusted: it is the auth server, which never posts OAuth results for social accounts.
 */
export function trustedOAuthOrigins(): string[] {
  return [window.location.origin];
}
