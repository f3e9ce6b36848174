import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/extension.ts';
import { signIn as signInDashboard } from '../pages/auth.ts';
import { chatInput, chatLog, sendChatMessage } from '../pages/chat.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { connectTo, signIn } from '../pages/extension.ts';
import { createConfirmedUser } from '../support/users.ts';
import { MODE_TEXT } from '@cofounder/shared';

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

/** The service worker's `chrome`, as much of it as these tests touch (the tests compile without its types). */
interface WorkerGlobal {
  chrome: { storage: { session: { set(items: object): Promise<void>; get(keys: null): Promise<object> } } };
}
const ARTICLE_TITLE = 'Bakery waste report 2026';
const SELECTION = 'Bakeries throw away a fifth of their bread.';

/** Signs the extension in through its popup, then opens the side panel's page as a tab. */
async function openSignedInPanel(popup: Page, context: BrowserContext, extensionId: string) {
  const user = await createConfirmedUser(baseURL);
  await connectTo(popup, baseURL);
  await signIn(popup, user.email, user.password);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(chatInput(panel)).toBeVisible();
  return { user, panel };
}

/** A page on 127.0.0.1 (a host the extension may script) with a known title and its paragraph selected. */
function startArticleServer(): Promise<Server> {
  const html = `<!doctype html><title>${ARTICLE_TITLE}</title><h1>Report</h1><p id="p">${SELECTION}</p>
<script>getSelection().selectAllChildren(document.getElementById('p'));</script>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('side panel: signed out it points to the popup', async ({ popup, context, extensionId }) => {
  await connectTo(popup, baseURL);
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(panel.getByText('Sign in from the extension popup')).toBeVisible();
});

test('side panel chat: a streamed reply, the usage meter, and the message in the dashboard history', async ({
  popup,
  context,
  extensionId,
}) => {
  const { user, panel } = await openSignedInPanel(popup, context, extensionId);
  await expect(panel.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Messages' })).toBeVisible();

  await sendChatMessage(panel, 'How should I research my market?');
  const log = chatLog(panel);
  await expect(log.locator('[data-kind="user"]')).toHaveText(/How should I research my market\?/);
  await expect(log.locator('[data-kind="intern"]').last()).toContainText("Here's how I'd research the market");
  await expect(log.locator('[data-kind="intern"]').last().getByTestId('offline-draft')).toHaveText('Offline draft');
  await expect(log.locator('[aria-busy="true"]')).toHaveCount(0);
  // The meter counts the message once the reply is stored.
  await expect(panel.getByRole('progressbar', { name: 'Messages' })).toHaveAttribute('aria-valuetext', /^1 of \d+/);

  const dashboard = await context.newPage();
  await dashboard.goto(`${baseURL}/login`);
  await signInDashboard(dashboard, user.email, user.password);
  await expect(dashboard).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(dashboard);
  await expect(chatLog(dashboard).getByText('How should I research my market?')).toBeVisible();
  await expect(chatLog(dashboard).getByText("Here's how I'd research the market", { exact: false })).toBeVisible();
});

test('"Use this page" attaches the active tab\'s title, URL and selection to the next message', async ({
  popup,
  context,
  extensionId,
}) => {
  const { panel } = await openSignedInPanel(popup, context, extensionId);
  const server = await startArticleServer();
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/article`;
    const article = await context.newPage();
    await article.goto(url);
    await article.bringToFront();

    await panel.getByRole('button', { name: 'Use this page' }).click();
    await expect(panel.getByText(`📎 ${ARTICLE_TITLE}`)).toBeVisible();
    // Removable before sending; attach it again.
    await panel.getByRole('button', { name: `Remove ${ARTICLE_TITLE}` }).click();
    await expect(panel.getByText(`📎 ${ARTICLE_TITLE}`)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Use this page' }).click();

    await sendChatMessage(panel, 'What does this mean for us?');
    const log = chatLog(panel);
    const reply = log.locator('[data-kind="intern"]').last();
    // The offline co-founder names the page and quotes the selection: the server got the page context.
    await expect(reply).toContainText(`Looking at ${ARTICLE_TITLE} (127.0.0.1:`);
    await expect(reply.locator('blockquote')).toHaveText(SELECTION);
    // The chip moved from the composer to the sent (and stored) message.
    await expect(log.getByRole('link', { name: `📎 ${ARTICLE_TITLE}` })).toHaveAttribute('href', url);
    await expect(panel.getByRole('button', { name: 'Use this page' })).toBeVisible();

    // The history keeps the attachment: a reopened panel shows the chip under that message.
    await panel.reload();
    await expect(chatLog(panel).getByRole('link', { name: `📎 ${ARTICLE_TITLE}` })).toBeVisible();
  } finally {
    server.close();
  }
});

test('"Use this page" explains pages the extension cannot read', async ({ popup, context, extensionId }) => {
  const { panel } = await openSignedInPanel(popup, context, extensionId);
  const settings = await context.newPage();
  await settings.goto('chrome://version');
  await settings.bringToFront();
  await panel.getByRole('button', { name: 'Use this page' }).click();
  await expect(panel.getByRole('alert')).toContainText("Cofounder can't read this page");
});

test('a selection sent from "Ask my co-founder" shows up as the attached page', async ({
  popup,
  context,
  extensionId,
}) => {
  const { panel } = await openSignedInPanel(popup, context, extensionId);
  // The context-menu click cannot be driven from Playwright: store what its handler stores, as the worker does.
  const worker = context.serviceWorkers()[0]!;
  const pending = { title: 'Competitor pricing', url: 'https://example.com/pricing', selection: 'Pro: $99 a month' };
  const storePending = (page: typeof pending) =>
    worker.evaluate((p) => (globalThis as unknown as WorkerGlobal).chrome.storage.session.set({ pendingPageContext: p }), page);
  await storePending(pending);

  // An open panel picks it up at once, and clears it.
  await expect(panel.getByText('📎 Competitor pricing')).toBeVisible();
  const stored = () => worker.evaluate(() => (globalThis as unknown as WorkerGlobal).chrome.storage.session.get(null));
  await expect.poll(stored).toEqual({});

  // A panel that opens after the click (the usual case: the menu opens it) picks it up as it starts.
  await panel.close();
  await storePending({ ...pending, title: 'Second page' });
  const reopened = await context.newPage();
  await reopened.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(reopened.getByText('📎 Second page')).toBeVisible();
  await expect.poll(stored).toEqual({});
  await sendChatMessage(reopened, 'Are we cheaper?');
  await expect(chatLog(reopened).locator('[data-kind="intern"]').last()).toContainText('Looking at Second page (example.com)');
});
