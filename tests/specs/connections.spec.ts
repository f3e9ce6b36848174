import { expect, test } from '@playwright/test';
import { signInNewFounder } from '../pages/dashboard.ts';
import { FAKE_X } from '../support/fake-social.ts';

test('connects X through the OAuth popup, then disconnects', async ({ page }) => {
  await signInNewFounder(page);
  await page.goto('/dashboard/connections');

  const x = page.getByTestId('connection-twitter');
  await expect(x.getByText('Not Connected')).toBeVisible();
  await expect(
    page.getByTestId('connection-linkedin').getByRole('button', { name: 'Coming Soon' }),
  ).toBeDisabled();

  // Every URL the browser asks for, popup included: the connect window's carries a code, never the bearer.
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));

  // The popup goes to the fake X, which sends it straight back to the callback; the callback page posts the
  // result to this window and closes.
  const popupPromise = page.waitForEvent('popup');
  await x.getByRole('button', { name: 'Connect' }).click();
  const popup = await popupPromise;
  await popup.waitForEvent('close');

  await expect(x.getByText('Connected', { exact: true })).toBeVisible();
  await expect(x.getByText(`@${FAKE_X.username}`)).toBeVisible();
  await expect(page.getByText('Connected to X successfully!')).toBeVisible();
  expect(urls.some((u) => /\/auth\/twitter\?userId=[^&]+&code=/.test(u))).toBe(true);
  expect(urls.filter((u) => u.includes('access_token='))).toEqual([]);

  await x.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(x.getByText('Not Connected')).toBeVisible();
});

test('ignores an OAuth message from another origin', async ({ page }) => {
  await signInNewFounder(page);
  await page.goto('/dashboard/connections');
  const x = page.getByTestId('connection-twitter');
  await expect(x.getByText('Not Connected')).toBeVisible();

  const saves: string[] = [];
  page.on(
    'request',
    (r) => r.method() === 'POST' && r.url().includes('/api/user/connections/') && saves.push(r.url()),
  );

  // A frame from another origin (the fake X's) posts a well-formed success message to the dashboard.
  const loaded = page.waitForEvent('framenavigated', (f) => f.name() === 'other-origin');
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.name = 'other-origin';
    frame.src = src;
    document.body.append(frame);
  }, `http://127.0.0.1:${FAKE_X.port}/not-the-dashboard`);
  const frame = await loaded;
  await frame.waitForLoadState();
  await frame.evaluate(() =>
    parent.postMessage(
      {
        type: 'oauth-success',
        data: {
          platform: 'twitter',
          accessToken: 'forged-handle-123456',
          profile: { displayName: 'Eve', username: 'eve' },
        },
      },
      '*',
    ),
  );
  await page.waitForTimeout(500);
  // Accepting it would have sent the forged handle to the server (and shown a save error); neither happens.
  expect(saves).toEqual([]);
  await expect(page.getByText(/Failed to (save|connect)/)).toHaveCount(0);
  await expect(x.getByText('Not Connected')).toBeVisible();
});
