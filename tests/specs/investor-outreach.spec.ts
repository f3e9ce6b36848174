import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { buyBuilder } from '../pages/billing.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

const PAGE = '/dashboard/investor-outreach';

/**
 * Waits until `locator` shows on `url`. The page polls every 30 s after AI Research; the research itself runs in
 * the worker, so between tries the page is refreshed (the Refresh control, then a reload) instead of waiting.
 */
async function waitForResults(page: Page, url: string, testId: string) {
  const items = page.getByTestId(testId);
  await expect(async () => {
    if ((await items.count()) === 0) {
      await page.goto(url);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await expect(items.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000, 3_000, 5_000] });
}

test('a Builder founder researches investors, opens one, approves a draft that reaches the mailbox, and the investor shows Contacted', async ({
  page,
}) => {
  // The research runs in the worker beside every other spec's tasks: on a loaded CI machine it can take a while.
  test.setTimeout(480_000);
  await signInNewFounder(page);
  await buyBuilder(page);

  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Investor Outreach', level: 1 })).toBeVisible();
  await expect(page.getByText('Upgrade to Builder to access this feature')).toHaveCount(0);

  // AI Research (offline: the bundled directory of fictional investors).
  // The page says "Researching…" as soon as the button is pressed; the research is queued once the process call
  // answers, and leaving the page before that (waitForResults reloads it) would cancel it.
  const queued = page.waitForResponse((r) => /\/api\/agents\/investor-outreach\/[^/]+\/process$/.test(r.url()));
  await page.getByRole('button', { name: 'AI Research' }).click();
  await expect(
    page.getByText('Researching investors…').or(page.getByText('New investors and drafts are ready.')),
  ).toBeVisible();
  expect((await queued).ok()).toBe(true);
  await waitForResults(page, PAGE, 'investor-card');
  await expect(
    page.getByText('These investors are fictional sample data from the offline research directory.'),
  ).toBeVisible();
  const firstCard = page.getByTestId('investor-card').first();
  await expect(firstCard.getByText('Sample data')).toBeVisible();
  await expect(firstCard.getByText(/^(Verified|Partial Info|Basic Info)$/)).toBeVisible();

  // The investor detail modal.
  const cardName = (await firstCard.getByRole('heading').innerText()).trim();
  await firstCard.getByRole('button', { name: cardName }).click();
  const detail = page.getByRole('dialog', { name: cardName });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Sample directory')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Email Approvals: open a draft and Approve & Send it.
  await page.getByRole('tab', { name: /^Email Approvals/ }).click();
  await expect(page).toHaveURL(/\?tab=emails$/);
  await waitForResults(page, `${PAGE}?tab=emails`, 'pending-email');
  const draft = page.getByTestId('pending-email').first();
  await draft.getByRole('heading').getByRole('button').click();
  const email = page.getByRole('dialog', { name: /^Email to / });
  await expect(email).toBeVisible();
  const investorName = (await email.getByRole('heading').first().innerText())
    .replace(/^Email to /, '')
    .trim();
  const recipient = (await email.getByTestId('email-recipient').innerText()).trim();
  const subject = await email.getByRole('textbox', { name: 'Subject' }).inputValue();
  expect(recipient).toContain('@');
  await email.getByRole('button', { name: 'Approve & Send' }).click();
  await expect(page.getByText(`Email sent to ${investorName}`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The mail is in the dev mailbox, to the investor.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(recipient)}`);
  await expect(page.locator('article').filter({ hasText: subject }).first()).toBeVisible();

  // The investor now shows Contacted.
  await page.goto(PAGE);
  await page.getByRole('searchbox', { name: 'Search investors' }).fill(investorName);
  const card = page.getByTestId('investor-card').filter({ hasText: investorName }).first();
  await expect(card.getByText('Contacted', { exact: true })).toBeVisible();
});
