import type { Page } from '@playwright/test';
import { anyOf, expect, refused, test } from '../support/test.ts';
import { CHAT, MODE_TEXT, PLANS } from '@cofounder/shared';
import { signIn } from '../pages/auth.ts';
import { chatInput, chatLog, sendChatMessage, watchForTyping } from '../pages/chat.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { createConfirmedUser } from '../support/users.ts';

// The founder at the monthly limit is refused on purpose (429 from the conversation).
test.use({ consoleErrorsAllowed: anyOf(refused(429, '/api/conversation/')) });

const baseURL = process.env.E2E_BASE_URL!;

/** Signs in on /login and waits for the chat, the page a sign-in lands on. */
async function openChat(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(page);
  await expect(page.getByText('Refine my business idea')).toBeVisible();
}

/** A session straight from the auth API, as supabase-js gets one, for calls made outside the page. */
async function apiSession(user: {
  email: string;
  password: string;
}): Promise<{ token: string; userId: string }> {
  const config = (await (await fetch(`${baseURL}/api/config`)).json()) as { supabaseAnonKey: string };
  const res = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: config.supabaseAnonKey },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, userId: session.user.id };
}

test('chat: a streamed reply, a plan with its task notice, and history that survives a reload', async ({
  page,
}) => {
  const user = await createConfirmedUser(baseURL);
  await openChat(page, user);
  // No settings saved yet: the chat shows the one default name, and one status: the offline co-founder answers.
  await expect(page.getByRole('heading', { level: 2, name: CHAT.defaultInternName, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: MODE_TEXT.offlineCofounder })).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toHaveCount(0);

  const sawTyping = await watchForTyping(page);
  const streamed = page.waitForResponse(
    (r) => r.url().includes('/api/conversation/') && r.request().method() === 'POST',
  );
  await sendChatMessage(page, 'How do I find my first customers?');
  await expect(chatLog(page).getByText('How do I find my first customers?')).toBeVisible();
  expect((await streamed).headers()['content-type']).toContain('text/event-stream');
  await expect(page.getByText('Typing...', { exact: true })).toHaveCount(0);
  expect(await sawTyping()).toBe(true);
  const replies = chatLog(page).locator('[data-kind="intern"]');
  await expect(replies).toHaveCount(1);
  await expect(replies.first()).not.toHaveText('');
  await expect(page.getByText('1 / 100')).toBeVisible();

  await sendChatMessage(page, 'Create tasks for my launch this week');
  await expect(chatLog(page).locator('[data-kind="task-notification"]')).toContainText(
    /I've created \d+ new tasks? for you/,
  );

  await page.reload();
  await expect(chatLog(page).getByText('How do I find my first customers?')).toBeVisible();
  await expect(chatLog(page).getByText('Create tasks for my launch this week')).toBeVisible();
  await expect(chatLog(page).locator('[data-kind="task-notification"]')).toHaveCount(1);
});

test('a founder at the monthly limit is told to upgrade', async ({ page }) => {
  const user = await createConfirmedUser(baseURL);
  const { token, userId } = await apiSession(user);
  const limit = PLANS.free_trial.messagesPerMonth ?? 0;
  // Using up the free trial through the API is much faster than typing a hundred messages.
  for (let sent = 0; sent < limit; sent++) {
    const res = await fetch(`${baseURL}/api/conversation/${userId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ role: 'user', text: `Question ${sent + 1}` }),
    });
    expect(res.status).toBe(200);
  }

  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(page);
  await expect(page.getByText(`${limit} / ${limit}`)).toBeVisible();
  await chatInput(page).fill('One more question');
  await chatInput(page).press('Enter');
  await expect(
    chatLog(page).getByText(
      "You've reached your usage limit for this month. Please upgrade your plan to continue.",
    ),
  ).toBeVisible();
});
