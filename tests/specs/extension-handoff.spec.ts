import { EXTENSION } from '@cofounder/shared';
import { expect, test } from '../fixtures/extension.ts';
import { anyOf, refused } from '../support/test.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { connectTo } from '../pages/extension.ts';
import { FAKE_X } from '../support/fake-social.ts';

// The other origin is the fake X, which has no such page and no favicon.
test.use({ consoleErrorsAllowed: anyOf(refused(404, `127.0.0.1:${FAKE_X.port}/`)) });

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

type WorkerGlobal = { chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } } };

test('the dashboard signs the extension in ("Connect extension"), and signing out there signs it out', async ({
  popup,
  context,
  extensionId,
}) => {
  // The manifest key pins the id the dashboard messages.
  expect(extensionId).toBe(EXTENSION.id);
  await connectTo(popup, baseURL);
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  const dashboard = await context.newPage();
  const user = await signInNewFounder(dashboard);
  await dashboard.goto(`${baseURL}/dashboard/connections`);
  await dashboard.getByRole('button', { name: 'Connect extension' }).click();
  await expect(
    dashboard.getByRole('status').filter({ hasText: `Extension connected as ${user.email}` }),
  ).toBeVisible();

  // The extension has a session of its own: the popup shows the founder.
  await popup.reload();
  await expect(popup.getByText(user.email)).toBeVisible();

  // Signing out of the dashboard signs the extension out too.
  await dashboard.getByRole('button', { name: 'Sign Out' }).click();
  await dashboard.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(dashboard).toHaveURL(`${baseURL}/`);
  // The extension forgets its session (what the popup reads on its next open).
  const worker = context.serviceWorkers()[0]!;
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        Object.keys(await (globalThis as unknown as WorkerGlobal).chrome.storage.local.get(null)),
      ),
    )
    .not.toContainEqual(expect.stringMatching(/^cofounder-auth/));
  await popup.reload();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('a page of another origin cannot sign the extension in or out', async ({ popup, context }) => {
  await connectTo(popup, baseURL);
  // The fake X is a local page too (so Chrome lets it message the extension), but not the configured server.
  const other = await context.newPage();
  await other.goto(`http://127.0.0.1:${FAKE_X.port}/elsewhere`);
  const reply = await other.evaluate(
    (id) =>
      new Promise((resolve) => {
        type Send = (extensionId: string, message: unknown, reply: (answer: unknown) => void) => void;
        const runtime = (window as unknown as { chrome: { runtime: { sendMessage: Send } } }).chrome.runtime;
        runtime.sendMessage(
          id,
          { type: 'cofounder:handoff', tokenHash: 'a-stolen-or-made-up-token' },
          resolve,
        );
      }),
    EXTENSION.id,
  );
  expect(reply).toEqual({ ok: false, error: 'This page is not the configured Cofounder server' });
  await popup.reload();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});
