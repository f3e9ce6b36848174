import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/extension.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { createConfirmedUser } from '../support/users.ts';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const COUNT_KEYS = ['total', 'pending', 'in_progress', 'completed', 'paused', 'failed'] as const;
type Counts = Record<(typeof COUNT_KEYS)[number], number>;

/** The user's bearer token and id, for setting up tasks through the API. */
async function apiSession(email: string, password: string): Promise<{ token: string; userId: string }> {
  const { supabaseAnonKey } = (await (await fetch(`${baseURL}/api/config`)).json()) as {
    supabaseAnonKey: string;
  };
  const res = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: supabaseAnonKey },
    body: JSON.stringify({ email, password }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, userId: session.user.id };
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The one chrome API the test reads inside the service worker (the tests project has no chrome types). */
interface ChromeAction {
  chrome: { action: { getBadgeText: (details: object) => Promise<string> } };
}

const popupCount = (popup: Page, key: string) => popup.locator(`[data-count="${key}"] dd`);

test('popup shows counts, usage and the Need login hint, paints them from cache offline, and badges what waits', async ({
  context,
  popup,
}) => {
  test.setTimeout(300_000);
  const user = await createConfirmedUser(baseURL);
  const { token, userId } = await apiSession(user.email, user.password);

  // A launch plan from the chat: the offline co-founder runs it, and its X / Reddit posts pause for a login.
  const chat = await fetch(`${baseURL}/api/conversation/${userId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ role: 'user', text: 'Create tasks for my launch this week' }),
  });
  expect(chat.status).toBe(200);
  let counts: Counts = { total: 0, pending: 0, in_progress: 0, completed: 0, paused: 0, failed: 0 };
  await expect
    .poll(
      async () => {
        counts = await getJson<Counts>(`/api/tasks/${userId}`, token);
        return counts.total > 0 && counts.pending + counts.in_progress === 0;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  expect(counts.paused).toBeGreaterThan(0);
  const { approvals } = await getJson<{ approvals: unknown[] }>('/api/approvals?status=pending', token);

  await connectTo(popup, baseURL);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  await expect(popup.getByRole('status').filter({ hasText: 'Updated just now' })).toBeVisible();
  for (const key of COUNT_KEYS) await expect(popupCount(popup, key)).toHaveText(String(counts[key]));
  await expect(popup.getByRole('region', { name: 'Usage limits' })).toContainText('Free Trial plan');
  await expect(popup.getByRole('region', { name: 'Usage limits' })).toContainText(/Resets \w+ \d+/);
  const hint = popup.getByRole('link', { name: /^\d+ tasks? needs? you to connect an account$/ });
  await expect(hint).toHaveText(
    `${counts.paused} ${counts.paused === 1 ? 'task needs' : 'tasks need'} you to connect an account`,
  );
  await expect(hint).toHaveAttribute('href', `${baseURL}/dashboard/connections`);
  await expect(popup.getByRole('button', { name: 'Open side panel' })).toBeEnabled();
  await expect(popup.getByRole('link', { name: 'Open dashboard' })).toBeVisible();

  // The badge counts what waits for the founder: paused tasks plus drafts awaiting approval.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect
    .poll(() => worker.evaluate(() => (globalThis as unknown as ChromeAction).chrome.action.getBadgeText({})))
    .toBe(String(counts.paused + approvals.length));

  // With the server unreachable, a reopened popup still paints the cached numbers, and says it cannot refresh. It
  // painted them first from the card saved with them, before React loaded (issue 27).
  await context.route(`${baseURL}/**`, (route) => route.abort());
  await popup.reload();
  await expect(popup.locator('#root')).toHaveAttribute('data-first-paint', 'cache');
  for (const key of COUNT_KEYS) await expect(popupCount(popup, key)).toHaveText(String(counts[key]));
  await expect(popup.getByRole('alert')).toHaveText(`Can't reach the Cofounder server at ${baseURL}.`);
  await expect(popup.getByRole('status').filter({ hasText: /^Updated / })).toBeVisible();
  await expect(popup.getByText(user.email)).toBeVisible();
});
