import { browser } from 'wxt/browser';
import { ApiError, PLATFORM_NAMES, connectWindowPath, readOAuthMessage } from '@cofounder/shared';
import { clearOAuthStatus, OAuthConnectMessage, saveOAuthStatus, type OAuthStatus, type SocialPlatform } from '../lib/oauth-status.ts';
import { loadServerUrl } from '../lib/server-url.ts';
import { clearFlow, loadFlow, saveFlow, type Flow } from './oauth-flow-store.ts';
import { readOAuthPage } from './read-oauth-page.ts';
import { workerSession } from './worker-session.ts';

const WINDOW_SIZE = 600;

/**
 * Connecting X or Reddit from the extension: runs the server's OAuth flow in a window the extension watches.
 * The flow is the dashboard's (a single-use code, then GET /auth/{platform}?code= → provider → the server's
 * callback page); the callback page has no opener here, so the background reads the result the page holds,
 * confirms it with POST /api/user/connections/{platform} as the dashboard does, and closes the window. The outcome
 * is stored for the extension's pages (the popup closes as soon as the window takes focus).
 */
export function startOAuthCapture(): void {
  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    // Only our own pages may start a flow, and only in the one shape we know.
    const parsed = OAuthConnectMessage.safeParse(message);
    if (sender.id !== browser.runtime.id || !parsed.success) return;
    serial(() => connect(parsed.data.platform));
  });
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    // Without the 'tabs' permission tab.url is only set for hosts we may access: the server's pages are.
    if (change.status === 'complete' && tab.url) serial(() => onPageLoaded(tabId, tab.url!));
  });
  browser.windows.onRemoved.addListener((windowId) => serial(() => onWindowClosed(windowId)));
}

// One step at a time: a page load must not be handled before the flow that opened it is stored, nor twice.
let queue: Promise<void> = Promise.resolve();
function serial(step: () => Promise<void>): void {
  queue = queue.then(step).catch((err: unknown) => console.warn('OAuth capture failed', err));
}

async function connect(platform: SocialPlatform): Promise<void> {
  const name = PLATFORM_NAMES[platform];
  const serverUrl = await loadServerUrl();
  const session = await workerSession(serverUrl).catch(() => null);
  if (!session) return saveOAuthStatus(platform, { state: 'error', error: `Sign in to connect ${name}.` });
  // One flow at a time: a newer Connect replaces a window left open.
  await closeFlowWindow();
  // A window navigation cannot send a bearer header, and a bearer in a URL would stay in history and logs: the
  // window's URL carries a single-use code the API hands out for the bearer instead.
  const code = await session.api.connectCode(platform).then(
    (reply) => reply.code,
    () => null,
  );
  if (!code) return saveOAuthStatus(platform, { state: 'error', error: `Could not start connecting ${name}.` });
  // The typings allow create() to resolve without a window; then there is nothing to watch.
  const created = await browser.windows.create({
    url: `${serverUrl}${connectWindowPath(platform, session.userId, code)}`,
    type: 'popup',
    width: WINDOW_SIZE,
    height: WINDOW_SIZE,
  });
  const tabId = created?.tabs?.[0]?.id;
  if (created?.id === undefined || tabId === undefined) {
    return saveOAuthStatus(platform, { state: 'error', error: `Could not open the ${name} sign-in window.` });
  }
  await saveFlow({ platform, serverUrl, windowId: created.id, tabId });
  await saveOAuthStatus(platform, { state: 'connecting' });
}

/** A page finished loading: when it is the flow's page back on the server, it holds the outcome. */
async function onPageLoaded(tabId: number, url: string): Promise<void> {
  const flow = await loadFlow();
  if (!flow || flow.tabId !== tabId || !isServerOAuthPage(flow, url)) return;
  // Claimed before anything is awaited on the network: closing the window now is no longer "closed early".
  await clearFlow();
  const status = await outcome(flow).catch(
    (): OAuthStatus => ({ state: 'error', error: `Could not connect ${PLATFORM_NAMES[flow.platform]}.` }),
  );
  await saveOAuthStatus(flow.platform, status);
  await browser.windows.remove(flow.windowId).catch(() => undefined);
}

/** The start route's own answers (sign-in required, not configured) or the callback page. */
function isServerOAuthPage(flow: Flow, url: string): boolean {
  try {
    const { origin, pathname } = new URL(url);
    return origin === flow.serverUrl && pathname.startsWith(`/auth/${flow.platform}`);
  } catch {
    return false;
  }
}

async function outcome(flow: Flow): Promise<OAuthStatus> {
  const name = PLATFORM_NAMES[flow.platform];
  const page = await readOAuthPage(flow.tabId);
  const read = readOAuthMessage(page.message);
  if (read.kind === 'error') return { state: 'error', error: read.error };
  if (read.kind !== 'success' || read.data.platform !== flow.platform) {
    return { state: 'error', error: page.text?.trim() || `Could not connect ${name}.` };
  }
  const session = await workerSession(flow.serverUrl);
  if (!session) return { state: 'error', error: `Sign in to connect ${name}.` };
  try {
    const { details } = await session.api.saveConnection(flow.platform, {
      accessToken: read.data.accessToken,
      refreshToken: read.data.refreshToken ?? null,
      profile: read.data.profile,
    });
    return {
      state: 'connected',
      username: details.connection.username ?? read.data.profile.username,
      resumedTasks: details.resumedTasks,
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      return { state: 'error', error: 'Your session has expired. Please sign in again.' };
    }
    return { state: 'error', error: err instanceof Error && err.message ? err.message : `Could not connect ${name}.` };
  }
}

async function onWindowClosed(windowId: number): Promise<void> {
  const flow = await loadFlow();
  if (flow?.windowId !== windowId) return;
  await clearFlow();
  const error = `The sign-in window was closed before ${PLATFORM_NAMES[flow.platform]} was connected.`;
  await saveOAuthStatus(flow.platform, { state: 'error', error });
}

/** Closes an unfinished flow's window without reporting it as closed early (a new flow replaces it). */
async function closeFlowWindow(): Promise<void> {
  const flow = await loadFlow();
  if (!flow) return;
  await clearFlow();
  await clearOAuthStatus(flow.platform);
  await browser.windows.remove(flow.windowId).catch(() => undefined);
}
