import { anyOf, expect, refused, test } from '../support/test.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { FAKE_X } from '../support/fake-social.ts';
import { whenClosed } from '../support/windows.ts';

// On purpose: the other origin's frame breaks the dashboard's CSP, and the marker save (a Reddit handle the server
// does not know) is refused with 400.
test.use({ consoleErrorsAllowed: anyOf(/Framing 'http:\/\/127\.0\.0\.1:\d+\/' violates/, refused(400, '/api/user/connections/reddit')) });

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
  await whenClosed(popup);

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

  // Each save the dashboard sends: its path and the handle it carries.
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST' || !r.url().includes('/api/user/connections/')) return;
    saves.push(`${new URL(r.url()).pathname} ${(r.postDataJSON() as { accessToken?: string }).accessToken}`);
  });
  // Every message the dashboard receives, by origin: a listener of the page's own, run in the same dispatch as the
  // app's.
  await page.evaluate(() => {
    const w = window as unknown as { origins: string[] };
    w.origins = [];
    window.addEventListener('message', (e) => w.origins.push(e.origin));
  });
  const origins = () => page.evaluate(() => (window as unknown as { origins: string[] }).origins);

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
  // The app's handler has had it once the dashboard's own listener has (from an origin not the dashboard's: the
  // fake's page may even be an opaque "null" one).
  await expect.poll(async () => (await origins()).length).toBe(1);
  expect(await origins()).not.toContain(new URL(page.url()).origin);
  // Then one of the dashboard's own origin (Reddit, a handle the server does not know): it is saved, and refused,
  // the way the forged one would have been before it, so its answer on screen comes after any save of the forged one.
  await page.evaluate(() =>
    window.postMessage(
      {
        type: 'oauth-success',
        data: {
          platform: 'reddit',
          accessToken: 'marker-handle-123456',
          profile: { displayName: 'Ada', username: 'ada' },
        },
      },
      window.location.origin,
    ),
  );
  await expect(page.getByText(/Failed to save Reddit connection/).first()).toBeVisible();
  // Accepting the forged one would have sent its handle to the server (and shown an X error); neither happened.
  expect(saves).toEqual(['/api/user/connections/reddit marker-handle-123456']);
  await expect(page.getByText(/Failed to (save|connect to) X/)).toHaveCount(0);
  await expect(x.getByText('Not Connected')).toBeVisible();
});
