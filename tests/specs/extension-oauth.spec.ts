import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/extension.ts';
import { signIn as signInDashboard } from '../pages/auth.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { FAKE_X } from '../support/fake-social.ts';
import { createConfirmedUser } from '../support/users.ts';
import { whenClosed } from '../support/windows.ts';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

/** The chrome APIs the tests use inside the service worker (the tests project has no chrome types). */
interface WorkerGlobal {
  chrome: {
    tabs: {
      onCreated: {
        addListener(listener: (tab: { id?: number; windowId: number; pendingUrl?: string; url?: string }) => void): void;
      };
      update(tabId: number, props: { url: string }): Promise<unknown>;
    };
    windows: { remove(windowId: number): Promise<void> };
  };
}

/**
 * What the founder does in the flow's window, played from inside the browser the moment the extension opens it
 * (Playwright's routes do not see the first navigation of a window an extension creates, and the fake X answers
 * at once): `url` given, the window goes there instead (X's answer); none, the window is closed.
 */
async function inNextFlowWindow(context: BrowserContext, url: string | null): Promise<void> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate((target) => {
    const { chrome } = globalThis as unknown as WorkerGlobal;
    chrome.tabs.onCreated.addListener((tab) => {
      if (target === null) void chrome.windows.remove(tab.windowId);
      else if (tab.id !== undefined) void chrome.tabs.update(tab.id, { url: target });
    });
  }, url);
}

/** The URL the extension opens its next flow window at, as Chrome reports it when the window's tab is created. */
async function nextFlowUrl(context: BrowserContext): Promise<() => Promise<string | undefined>> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const g = globalThis as unknown as WorkerGlobal & { flowUrl?: string };
    g.chrome.tabs.onCreated.addListener((tab) => void (g.flowUrl ??= tab.pendingUrl ?? tab.url));
  });
  return () => worker.evaluate(() => (globalThis as unknown as { flowUrl?: string }).flowUrl);
}

/** X's "access denied" answer for a flow of this user's, as X sends it to the server's callback. */
async function deniedCallbackUrl(email: string, password: string): Promise<string> {
  const { supabaseAnonKey } = (await (await fetch(`${baseURL}/api/config`)).json()) as { supabaseAnonKey: string };
  const res = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: supabaseAnonKey },
    body: JSON.stringify({ email, password }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  const issued = await fetch(`${baseURL}/api/user/connections/twitter/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
    body: '{}',
  });
  const { code } = (await issued.json()) as { code: string };
  const query = new URLSearchParams({ userId: session.user.id, code });
  const start = await fetch(`${baseURL}/auth/twitter?${query.toString()}`, { redirect: 'manual' });
  const authorize = new URL(start.headers.get('location')!);
  const back = new URL(authorize.searchParams.get('redirect_uri')!);
  back.searchParams.set('state', authorize.searchParams.get('state')!);
  back.searchParams.set('error', 'access_denied');
  return back.toString();
}

/** A new founder, signed in through the popup against the e2e server. */
async function signedInPopup(popup: Page): Promise<{ email: string; password: string }> {
  const user = await createConfirmedUser(baseURL);
  await connectTo(popup, baseURL);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  return user;
}

/** Clicks Connect on X's row and returns the window the background opened for the flow. */
async function startXFlow(popup: Page, context: BrowserContext): Promise<Page> {
  const x = popup.getByTestId('connection-twitter');
  await expect(x.getByText('Not connected')).toBeVisible();
  const [flowWindow] = await Promise.all([context.waitForEvent('page'), x.getByRole('button', { name: 'Connect' }).click()]);
  return flowWindow;
}

test('connects X from the extension; the dashboard shows it connected', async ({ popup, context }) => {
  const user = await signedInPopup(popup);
  const flowUrl = await nextFlowUrl(context);
  const flowWindow = await startXFlow(popup, context);
  // The window opens at the server's start route with a single-use code, never the bearer token.
  expect(await flowUrl()).toMatch(/\/auth\/twitter\?userId=[^&]+&code=[\w-]+$/);

  // The fake X sends the window straight back to the server's callback; the extension reads the result there,
  // confirms it with the server and closes the window.
  await whenClosed(flowWindow);
  const x = popup.getByTestId('connection-twitter');
  await expect(x.getByText(`Connected @${FAKE_X.username}`)).toBeVisible();
  await expect(x.getByRole('button', { name: 'Connect' })).toHaveCount(0);

  const dashboard = await context.newPage();
  await dashboard.goto(`${baseURL}/login`);
  await signInDashboard(dashboard, user.email, user.password);
  await expect(dashboard).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(dashboard);
  await dashboard.goto(`${baseURL}/dashboard/connections`);
  const card = dashboard.getByTestId('connection-twitter');
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText(`@${FAKE_X.username}`)).toBeVisible();
});

test('a denied flow shows the error and leaves X not connected', async ({ popup, context }) => {
  const user = await signedInPopup(popup);
  // X answers the consent page with "access denied", as when the founder clicks Cancel there.
  await inNextFlowWindow(context, await deniedCallbackUrl(user.email, user.password));
  const flowWindow = await startXFlow(popup, context);
  await whenClosed(flowWindow);

  const x = popup.getByTestId('connection-twitter');
  await expect(x.getByRole('alert')).toHaveText('You declined access to X.');
  await expect(x.getByText('Not connected')).toBeVisible();
});

test('closing the window before X answers says so', async ({ popup, context }) => {
  await signedInPopup(popup);
  // The founder closes the window before X has answered.
  await inNextFlowWindow(context, null);
  await popup.getByTestId('connection-twitter').getByRole('button', { name: 'Connect' }).click();

  await expect(popup.getByTestId('connection-twitter').getByRole('alert')).toHaveText(
    'The sign-in window was closed before X was connected.',
  );
});

test('the options page saves the server URL and shows its mode', async ({ context, extensionId }) => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  const field = options.getByLabel('Server URL');
  await expect(field).toBeVisible();
  await field.fill(baseURL);
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(options.getByText('Local mode')).toBeVisible();
});
