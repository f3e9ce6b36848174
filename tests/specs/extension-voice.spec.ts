import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { VOICE_TEXT } from '@cofounder/shared';
import { expect, test } from '../fixtures/extension.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { FAKE_VOICE } from '../support/fake-voice.ts';
import { createConfirmedUser } from '../support/users.ts';
import { QUICK_VOICE_FEEDBACK } from '../../shared/src/constants/extension.ts';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

/** The few extension APIs the tests read in the service worker (the tests package has no chrome typings). */
interface WorkerGlobal {
  chrome: {
    tabs: { query: (q: { active: boolean; lastFocusedWindow: boolean }) => Promise<{ id?: number }[]> };
    action: { getBadgeText: (d: { tabId?: number }) => Promise<string> };
    storage: { local: { set: (items: Record<string, unknown>) => Promise<void> } };
  };
}

test.use({ fakeMicrophone: true });

const voiceButton = (popup: Page) => popup.getByRole('button', { name: 'Quick voice note' });
const stopButton = (popup: Page) => popup.getByRole('button', { name: 'Stop voice note' });
const lastNote = (popup: Page) => popup.getByRole('status', { name: 'Last voice note' });

async function signInPopup(popup: Page, serverUrl = baseURL): Promise<void> {
  const user = await createConfirmedUser(baseURL);
  await connectTo(popup, serverUrl);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
}

/** A page of the e2e server's origin (which the extension may script) holding `html`, as the active tab. */
async function openPage(context: BrowserContext, html: string): Promise<Page> {
  const page = await context.newPage();
  await page.route(`${baseURL}/voice-note-test`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto(`${baseURL}/voice-note-test`);
  await page.bringToFront();
  return page;
}

/** The badge text quick voice puts on the active tab. */
async function badgeText(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0]!;
  return worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as WorkerGlobal;
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return chrome.action.getBadgeText({ tabId: tab?.id });
  });
}

/** The popup's button sends the same message as the command's code path; Playwright cannot press extension keys. */
async function recordNote(popup: Page, context: BrowserContext): Promise<void> {
  await voiceButton(popup).click();
  await expect(stopButton(popup)).toBeVisible();
  await expect.poll(() => badgeText(context)).toBe('REC');
  // A second of the fake microphone's tone.
  await popup.waitForTimeout(1000);
  await stopButton(popup).click();
}

test('quick voice inserts the transcript at the caret of the focused textarea', async ({
  popup,
  context,
}) => {
  await signInPopup(popup);
  const page = await openPage(context, '<textarea aria-label="Note"></textarea>');
  const note = page.getByRole('textbox', { name: 'Note' });
  await note.fill('Note:');
  await note.focus();

  await recordNote(popup, context);
  await expect(note).toHaveValue(`Note: ${FAKE_VOICE.transcript}`);
  await expect(lastNote(popup)).toContainText('Inserted into the page.');
  await expect.poll(() => badgeText(context)).toBe('✓');
  // The cue gives way to the global badge (the waiting-task count, none here).
  await expect.poll(() => badgeText(context)).toBe('');
});

test('with no field focused the note is copied and the popup says so', async ({ popup, context }) => {
  await signInPopup(popup);
  const page = await openPage(context, '<p>Nothing to type into</p>');

  await recordNote(popup, context);
  await expect(lastNote(popup)).toContainText(FAKE_VOICE.transcript);
  await expect(lastNote(popup)).toContainText(QUICK_VOICE_FEEDBACK.message.copied);
  // Its own cue: a copied note does not look like an inserted one.
  await expect.poll(() => badgeText(context)).toBe(QUICK_VOICE_FEEDBACK.outcome.copied.badge);
  await context.grantPermissions(['clipboard-read'], { origin: baseURL });
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(FAKE_VOICE.transcript);
});

/**
 * The e2e server has transcription configured; a pass-through proxy in front of it answers the status as a server
 * without a provider would.
 */
async function startUnavailableProxy(): Promise<Server> {
  const target = new URL(baseURL);
  const server = createServer((req, res) => {
    if (req.url === '/transcription/status') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ available: false }));
      return;
    }
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

test('a server without a transcription provider disables Quick voice with the reason', async ({ popup, context }) => {
  const proxy = await startUnavailableProxy();
  try {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    await signInPopup(popup);
    // Same server behind the proxy: the stored session stays valid (the popup would sign out on a new server).
    const worker = context.serviceWorkers()[0]!;
    await worker.evaluate(
      (url) => (globalThis as unknown as WorkerGlobal).chrome.storage.local.set({ serverUrl: url }),
      proxyUrl,
    );
    await popup.reload();
    await expect(voiceButton(popup)).toBeDisabled();
    await expect(popup.locator('#quick-voice-unavailable')).toHaveText(VOICE_TEXT.unavailable);
    await expect(stopButton(popup)).toHaveCount(0);
  } finally {
    proxy.close();
  }
});
