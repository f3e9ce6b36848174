import type { Page } from '@playwright/test';
import { axeInBothThemes, startInTheme } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';
import { signIn } from '../pages/auth.ts';
import { chatLog, sendChatMessage } from '../pages/chat.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { createConfirmedUser } from '../support/users.ts';

const baseURL = process.env.E2E_BASE_URL!;

// Issue 26: the signed-in product as the public site: axe (WCAG 2.1 A and AA) finds no violation of any impact on
// any onboarding step, dashboard page or dialog, in the dark and the light theme, with the tour done and not. The
// pages start in the "system" theme and each check switches the OS scheme from dark to light in place, so a page or
// dialog is opened once for both themes.
const PAGES = [
  '/dashboard/chat',
  '/dashboard/call',
  '/dashboard/sms',
  '/dashboard/work',
  '/dashboard/settings',
  '/dashboard/settings?tab=subscription',
  '/dashboard/connections',
  '/dashboard/approvals',
  '/dashboard/autonomy',
  '/dashboard/investor-outreach',
  '/dashboard/vms',
];

async function signedIn(page: Page): Promise<void> {
  await startInTheme(page, 'system');
  const user = await createConfirmedUser(baseURL);
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
}

test('the product tour, the dashboard pages and their dialogs', async ({ page }) => {
  // Eleven pages and six dialogs, each checked by axe in both themes: about a minute alone, more on a busy machine.
  test.setTimeout(300_000);
  await signedIn(page);
  const found: string[] = [];

  // Tour not done: it opens by itself over the chat.
  await expect(page.getByRole('dialog', { name: 'Welcome to your dashboard' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'tour')));
  await page.getByRole('button', { name: 'Take the Tour' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with your co-founder' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'tour step')));
  await page.keyboard.press('Escape');
  await dismissTourIfShown(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A conversation, so the chat shows its date separator and message times.
  await sendChatMessage(page, 'What should I do first this week?');
  await expect(chatLog(page).locator('time').first()).toBeVisible();

  // Tour done: every page.
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    found.push(...(await axeInBothThemes(page, path)));
  }

  // The dialogs a founder opens there.
  await page.goto('/dashboard/chat');
  await page.getByRole('complementary').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign Out' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'sign-out dialog')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'View usage details' }).click();
  await expect(page.getByRole('dialog', { name: 'Usage limits' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'usage dialog')));
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/work');
  await page.getByRole('button', { name: 'Stop all agents' }).click();
  await expect(page.getByRole('dialog', { name: 'Stop all agents' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'stop-agents dialog')));
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/connections');
  const approve = page.getByRole('switch', { name: 'Approve before posting' });
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page.getByRole('dialog', { name: 'Publish without approval?' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'publish-without-approval dialog')));
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/vms');
  await page.getByRole('button', { name: 'Launch New VM' }).click();
  await expect(page.getByRole('dialog', { name: 'Launch a machine' })).toBeVisible();
  found.push(...(await axeInBothThemes(page, 'launch dialog')));

  // Every page and dialog is checked before failing, so one run names every violation.
  expect(found).toEqual([]);
});

test('every onboarding step', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page);
  await dismissTourIfShown(page);
  await page.goto('/onboarding');
  const found: string[] = [];
  const next = page.getByRole('button', { name: 'Next' });
  const step = async (n: number, fill: () => Promise<void>) => {
    await expect(page.getByText(`Step ${n} of 7`)).toBeVisible();
    found.push(...(await axeInBothThemes(page, `onboarding step ${n}`)));
    await fill();
    await next.click();
  };
  await step(1, async () => {});
  await step(2, async () => {
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByRole('group', { name: 'Your role' }).locator('input').first().check();
  });
  await step(3, async () => {
    await page.getByLabel('Your idea in one sentence').fill('Invoicing that chases late payments');
    await page.getByRole('group', { name: 'Industry' }).locator('input').first().check();
  });
  await step(4, async () => {
    await page
      .getByRole('group', { name: /What do you want to achieve/ })
      .locator('input')
      .first()
      .check();
  });
  await step(5, async () => {
    await page.getByRole('group', { name: 'Where are you now?' }).locator('input').first().check();
  });
  await expect(page.getByText('Step 6 of 7')).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.locator('[data-kind="intern"]').first()).toBeVisible();
  await expect(log.getByRole('status')).toHaveCount(0);
  found.push(...(await axeInBothThemes(page, 'onboarding step 6')));
  expect(found).toEqual([]);
});
