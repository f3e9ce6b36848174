import type { Page, Worker } from '@playwright/test';
import { expect, test } from '../fixtures/extension.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { connectTo, signIn } from '../pages/extension.ts';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

type WorkerGlobal = {
  chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
};

/** The access token of the extension's stored session (supabase-js keeps it as JSON under `cofounder-auth`). */
async function extensionToken(worker: Worker): Promise<string> {
  const raw = await worker.evaluate(
    async () =>
      (await (globalThis as unknown as WorkerGlobal).chrome.storage.local.get('cofounder-auth'))[
        'cofounder-auth'
      ],
  );
  return (JSON.parse(String(raw)) as { access_token: string }).access_token;
}

/** The access token of the dashboard's stored session (supabase-js's `sb-*-auth-token` in localStorage). */
async function dashboardToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k));
    return key ? localStorage.getItem(key) : null;
  });
  return (JSON.parse(String(raw)) as { access_token: string }).access_token;
}

const meStatus = async (token: string) =>
  (await fetch(`${baseURL}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;

test('signing out of the popup ends only the extension session: the dashboard stays signed in', async ({
  popup,
  context,
}) => {
  const dashboard = await context.newPage();
  const user = await signInNewFounder(dashboard);

  await connectTo(popup, baseURL);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText(user.email)).toBeVisible();
  const worker = context.serviceWorkers()[0]!;
  const extension = await extensionToken(worker);
  const web = await dashboardToken(dashboard);
  expect(extension).not.toBe(web);

  // The worker's requests show too (Playwright reports service-worker network events).
  const logouts: URL[] = [];
  context.on('request', (r) => {
    if (r.url().includes('/auth/v1/logout')) logouts.push(new URL(r.url()));
  });
  await popup.getByRole('button', { name: 'Sign Out' }).click();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(logouts.map((url) => url.searchParams.get('scope'))).toEqual(['local']);

  // The server ended the extension's session and only that one.
  await expect.poll(() => meStatus(extension)).toBe(401);
  expect(await meStatus(web)).toBe(200);
  await dashboard.reload();
  await expect(dashboard.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await expect(dashboard.getByRole('complementary').getByText(user.email)).toBeVisible();
  await expect(dashboard).toHaveURL(/\/dashboard\/chat$/);
});
