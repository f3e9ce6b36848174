import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { localVoiceBaseURL } from '../playwright.config.ts';
import { EXTENSION_DIR, expect, test } from '../fixtures/extension.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { anyOf } from '../support/test.ts';
import { createConfirmedUser } from '../support/users.ts';

// Issue 25's walk through the extension popup: it fits Chrome's popup, Connect and quick voice say when the server
// cannot do them, changing the server is checked and confirmed, one auth client per page, and the icons exist.

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
/** Nothing listens here: the port of the discard service. */
const NOWHERE = 'http://127.0.0.1:9';
/** Chrome shows an extension popup at most this tall. */
const CHROME_POPUP_MAX_HEIGHT = 600;

test.use({ consoleErrorsAllowed: anyOf(/127\.0\.0\.1:9\//) });

/** Signed in on `serverUrl` as a new founder, the "Server" disclosure closed as a popup opens. */
async function signedIn(popup: Page, serverUrl: string) {
  const user = await createConfirmedUser(serverUrl);
  await connectTo(popup, serverUrl);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  // Closed once the card has settled: a render racing the click can leave the disclosure open, so click again.
  await expect(async () => {
    if (await popup.getByLabel('Server URL').isVisible())
      await popup.getByText('Server', { exact: true }).click();
    await expect(popup.getByLabel('Server URL')).toBeHidden({ timeout: 1000 });
  }).toPass();
  return user;
}

/** Chrome's popup at 360 and 400 px wide: the document fits in 600 px, and every control is on screen. */
async function expectFitsChromePopup(popup: Page, redditAction: string) {
  for (const width of [360, 400]) {
    await popup.setViewportSize({ width, height: CHROME_POPUP_MAX_HEIGHT });
    const height = await popup.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `document height at ${width} px wide`).toBeLessThanOrEqual(CHROME_POPUP_MAX_HEIGHT);
    for (const control of [
      popup.getByRole('button', { name: 'Quick voice note' }),
      popup.getByRole('heading', { name: 'Connections' }),
      popup.getByTestId('connection-reddit').getByRole('button', { name: redditAction }),
      popup.getByRole('button', { name: 'Sign Out' }),
      popup.getByText('Server', { exact: true }),
    ])
      await expect(control).toBeInViewport({ ratio: 1 });
  }
}

test('the signed-in popup fits in 600 px at 360 and 400 px wide, every control within reach', async ({
  popup,
}) => {
  await signedIn(popup, baseURL);
  await expect(popup.getByRole('status').filter({ hasText: 'Updated just now' })).toBeVisible();
  await expect(popup.getByTestId('connection-reddit').getByRole('button', { name: 'Connect' })).toBeVisible();
  await expectFitsChromePopup(popup, 'Connect');
});

test("Connect says the server has no X or Reddit app instead of opening a window (the dashboard's text)", async ({
  popup,
}) => {
  // The second e2e server runs without X and Reddit keys.
  await signedIn(popup, localVoiceBaseURL);
  for (const [platform, name] of [
    ['twitter', 'X'],
    ['reddit', 'Reddit'],
  ]) {
    const row = popup.getByTestId(`connection-${platform}`);
    await expect(
      row.getByRole('button', { name: `${name} is not configured on this server` }),
    ).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  }
  // The reasons are longer than "Connect": the popup still fits.
  await expectFitsChromePopup(popup, 'Reddit is not configured on this server');
});

test('quick voice is disabled with the reason while the server cannot transcribe, enabled when it can', async ({
  context,
  popup,
}) => {
  const reason = 'Voice needs pocketsphinx: apt-get install pocketsphinx';
  // The server answers as one without speech: its config and this founder's status say why.
  await context.route(`${baseURL}/api/config`, async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({
      json: { ...config, voice: { transcription: false, calls: false, engine: null, reason } },
    });
  });
  await context.route(`${baseURL}/transcription/status`, (route) =>
    route.fulfill({ json: { available: false, engine: null, provider: null, reason } }),
  );
  await signedIn(popup, baseURL);
  const button = popup.getByRole('button', { name: 'Quick voice note' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(reason);
  await expect(popup.getByRole('region', { name: 'Usage limits' })).toContainText('Messages');
  await expect(popup.getByRole('region', { name: 'Usage limits' }).getByText('Voice minutes')).toBeHidden();

  // The same founder on a server that transcribes (the e2e server's own voice).
  await context.unrouteAll({ behavior: 'wait' });
  await popup.reload();
  await expect(popup.getByRole('button', { name: 'Quick voice note' })).toBeEnabled();
  await expect(popup.getByRole('region', { name: 'Usage limits' }).getByText('Voice minutes')).toBeVisible();
});

test('a new server URL is checked first and, signed in, confirmed; "Saved." goes once signed in', async ({
  popup,
}) => {
  const user = await signedIn(popup, baseURL);
  await expect(popup.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(0);

  // An unreachable server is refused, and the founder stays signed in.
  await popup.getByText('Server', { exact: true }).click();
  await popup.getByLabel('Server URL').fill(NOWHERE);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByRole('alert')).toHaveText(`Can't reach the Cofounder server at ${NOWHERE}.`);
  await expect(popup.getByText('Signed in as')).toBeVisible();

  // A reachable one warns that it signs out; Cancel keeps everything as it was.
  await popup.getByLabel('Server URL').fill(localVoiceBaseURL);
  await popup.getByRole('button', { name: 'Save' }).click();
  const warning = popup.getByRole('alertdialog');
  await expect(warning).toHaveText(
    new RegExp(`Changing the server to ${localVoiceBaseURL} signs you out here.`),
  );
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(popup.getByText('Signed in as')).toBeVisible();

  // Confirmed: signed out, on the new server.
  await popup.getByRole('button', { name: 'Save' }).click();
  await popup.getByRole('alertdialog').getByRole('button', { name: 'Change server' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  // Back to the first server, signed out (no question asked), then signed in: the notice has done its job.
  await popup.getByLabel('Server URL').fill(baseURL);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  await expect(popup.getByText('Saved.')).toHaveCount(0);
});

test('signing out and in again in one popup keeps one auth client (no GoTrueClient warning)', async ({
  popup,
}) => {
  const warnings: string[] = [];
  popup.on('console', (message) => warnings.push(message.text()));
  const user = await signedIn(popup, baseURL);
  await popup.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  expect(warnings.filter((w) => w.includes('Multiple GoTrueClient instances'))).toEqual([]);
});

test('the built manifest names the icons Chrome and Firefox ask for, each a PNG of its size', () => {
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    icons?: Record<string, string>;
    action?: { default_icon?: Record<string, string> };
  };
  for (const icons of [manifest.icons, manifest.action?.default_icon]) {
    expect(Object.keys(icons ?? {}).sort()).toEqual(['128', '16', '32', '48']);
    for (const [size, path] of Object.entries(icons ?? {})) {
      const png = readFileSync(join(EXTENSION_DIR, path));
      expect(png.subarray(1, 4).toString('ascii'), path).toBe('PNG');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([Number(size), Number(size)]);
    }
  }
});
