import type { BrowserContext, Page } from '@playwright/test';
import { QUICK_VOICE_FEEDBACK, quickVoiceTitle } from '../../shared/src/constants/extension.ts';
import { expect, test } from '../fixtures/extension.ts';
import { chatInput } from '../pages/chat.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { FAKE_VOICE } from '../support/fake-voice.ts';
import { FIXTURE_SITE } from '../support/fixture-site.ts';
import { createConfirmedUser } from '../support/users.ts';

// Issue 25's extension walkthrough: the side panel follows sign-out and its tab, and a quick voice note goes where
// the caret really is (the panel's box, a field inside a frame) and says how it ended on the toolbar button.

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const fixture = (name: string) => `http://127.0.0.1:${FIXTURE_SITE.port}/fixtures/${name}`;
const { outcome, message } = QUICK_VOICE_FEEDBACK;
const SIGNED_OUT_PANEL = 'Sign in from the extension popup to chat with your co-founder here.';

/** The few extension APIs the tests read in the service worker (the tests package has no chrome typings). */
interface WorkerGlobal {
  chrome: {
    tabs: { query: (q: { active: boolean; lastFocusedWindow: boolean }) => Promise<{ id?: number }[]> };
    action: {
      getBadgeText: (d: { tabId?: number }) => Promise<string>;
      getBadgeBackgroundColor: (d: { tabId?: number }) => Promise<number[]>;
      getTitle: (d: { tabId?: number }) => Promise<string>;
    };
  };
}

test.use({ fakeMicrophone: true });

async function signInPopup(popup: Page): Promise<void> {
  const user = await createConfirmedUser(baseURL);
  await connectTo(popup, baseURL);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
}

/** The side panel's page, opened as a tab (Playwright cannot open Chrome's side panel itself). */
async function openPanel(context: BrowserContext, extensionId: string): Promise<Page> {
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  return panel;
}

/** A page of the fixture site as the active tab. */
async function openFixture(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(fixture(name));
  await page.bringToFront();
  return page;
}

/** What the toolbar button shows over the active tab: badge text, badge colour and tooltip. */
async function toolbarButton(context: BrowserContext) {
  const worker = context.serviceWorkers()[0]!;
  return worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as WorkerGlobal;
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    const tabId = tab?.id;
    return {
      text: await chrome.action.getBadgeText({ tabId }),
      color: await chrome.action.getBadgeBackgroundColor({ tabId }),
      title: await chrome.action.getTitle({ tabId }),
    };
  });
}

/** "#rrggbb" as the [r, g, b, 255] Chrome answers. */
const rgba = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);

const lastNote = (popup: Page) => popup.getByRole('status', { name: 'Last voice note' });

/** The popup's button sends the same message as the keyboard command; Playwright cannot press extension keys. */
async function recordNote(popup: Page, context: BrowserContext): Promise<void> {
  await popup.getByRole('button', { name: 'Quick voice note' }).click();
  await expect(popup.getByRole('button', { name: 'Stop voice note' })).toBeVisible();
  await expect
    .poll(async () => (await toolbarButton(context)).text)
    .toBe(QUICK_VOICE_FEEDBACK.badge.recording);
  // A second of the fake microphone's tone.
  await popup.waitForTimeout(1000);
  await popup.getByRole('button', { name: 'Stop voice note' }).click();
}

test('Sign Out in the popup switches an open side panel to signed-out at once', async ({
  popup,
  context,
  extensionId,
}) => {
  await signInPopup(popup);
  const panel = await openPanel(context, extensionId);
  await expect(chatInput(panel)).toBeVisible();
  // Both pages have read the server's voice status: a read still in flight at Sign Out meets the ended session
  // (401), which the browser logs (seen once in a clean-clone run).
  await expect(popup.getByRole('button', { name: 'Quick voice note' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Start voice input' })).toBeEnabled();

  await popup.getByRole('button', { name: 'Sign Out' }).click();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  // No reload: the panel hears the stored session go.
  await expect(panel.getByText(SIGNED_OUT_PANEL)).toBeVisible();
  await expect(chatInput(panel)).toHaveCount(0);
});

test("the attached page's chip goes when its tab moves to another page", async ({
  popup,
  context,
  extensionId,
}) => {
  await signInPopup(popup);
  const panel = await openPanel(context, extensionId);
  await expect(chatInput(panel)).toBeVisible();
  const page = await openFixture(context, 'form.html');

  await panel.getByRole('button', { name: 'Use this page' }).click();
  await expect(panel.getByText('📎 Sign-up form')).toBeVisible();

  await page.goto(fixture('iframe.html'));
  await expect(panel.getByText('📎 Sign-up form')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Use this page' })).toBeVisible();
});

test("a quick voice note lands in the side panel's message box when its caret is there, not in the page", async ({
  popup,
  context,
  extensionId,
}) => {
  await signInPopup(popup);
  const panel = await openPanel(context, extensionId);
  const page = await openFixture(context, 'form.html');
  const pageField = page.getByLabel('Name');
  await pageField.focus();
  await chatInput(panel).fill('Idea:');
  await chatInput(panel).focus();

  await recordNote(popup, context);
  await expect(chatInput(panel)).toHaveValue(`Idea: ${FAKE_VOICE.transcript}`);
  await expect(lastNote(popup)).toContainText(message.insertedInPanel);
  await expect(pageField).toHaveValue('');
});

test('a quick voice note goes into the focused field inside a frame, with the inserted cue', async ({
  popup,
  context,
}) => {
  await signInPopup(popup);
  const page = await openFixture(context, 'iframe.html');
  await page.getByLabel('Top note').focus();
  const framed = page.frameLocator('iframe[title="Sign-up form"]').getByLabel('Name');
  await framed.fill('Ada');
  await framed.focus();

  await recordNote(popup, context);
  await expect(framed).toHaveValue(`Ada ${FAKE_VOICE.transcript}`);
  await expect(page.getByLabel('Top note')).toHaveValue('');
  await expect(lastNote(popup)).toContainText(message.inserted);
  await expect
    .poll(() => toolbarButton(context))
    .toEqual({
      text: outcome.inserted.badge,
      color: rgba(outcome.inserted.color),
      title: quickVoiceTitle('inserted', message.inserted),
    });
});

test('a copied note and a failed note each show their own badge, and the tooltip says why', async ({
  popup,
  context,
}) => {
  await signInPopup(popup);
  await openFixture(context, 'form.html');

  // Nothing focused on the page: copied.
  await recordNote(popup, context);
  await expect(lastNote(popup)).toContainText(message.copied);
  await expect
    .poll(() => toolbarButton(context))
    .toEqual({
      text: outcome.copied.badge,
      color: rgba(outcome.copied.color),
      title: quickVoiceTitle('copied', message.copied),
    });

  // Signed out, the keyboard command's note fails: the reason is in the tooltip, not only a "!".
  await popup.getByRole('button', { name: 'Sign Out' }).click();
  await expect(popup.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await popup.evaluate(() =>
    (
      window as unknown as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }
    ).chrome.runtime.sendMessage({
      type: 'quick-voice:toggle',
    }),
  );
  await expect
    .poll(() => toolbarButton(context))
    .toEqual({
      text: outcome.failed.badge,
      color: rgba(outcome.failed.color),
      title: quickVoiceTitle('failed', message.signedOut),
    });
});
