import { expect, type Page } from '@playwright/test';

export interface WizardProfile {
  name: string;
  role: string;
  idea: string;
  industry: string;
  goals: string[];
  stage: string;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/** Walks the wizard from the welcome step (0) through stage (4), checking each step's Next gate on the way. */
export async function fillProfileSteps(page: Page, profile: WizardProfile): Promise<void> {
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  await next(page).click();

  await expect(page.getByText('Step 2 of 7')).toBeVisible();
  await page.getByLabel('Your name').fill(profile.name);
  await expect(next(page)).toBeDisabled();
  await page.getByRole('radio', { name: profile.role, exact: true }).check();
  await next(page).click();

  await expect(page.getByText('Step 3 of 7')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('Your idea in one sentence').fill(profile.idea);
  await page.getByRole('radio', { name: profile.industry, exact: true }).check();
  await next(page).click();

  await expect(page.getByText('Step 4 of 7')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  for (const goal of profile.goals) await page.getByRole('checkbox', { name: goal, exact: true }).check();
  await next(page).click();

  await expect(page.getByText('Step 5 of 7')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await page.getByRole('radio', { name: profile.stage, exact: true }).check();
  await next(page).click();

  await expect(page.getByText('Step 6 of 7')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
}

/** Answers the co-founder's questions one by one until it signals it is ready (the transition line shows). */
export async function answerUntilReady(page: Page, answers: string[]): Promise<void> {
  const log = page.getByRole('log', { name: 'Conversation' });
  const ready = page.getByText("You're all set! Taking you to your dashboard...");
  const box = page.getByRole('textbox', { name: 'Your answer' });
  // The conversation opens with the co-founder's first question.
  await expect(log.locator('[data-kind="intern"]').first()).toBeVisible();
  for (const answer of answers) {
    // Each reply ends the typing indicator; only then is the next answer accepted.
    await expect(log.getByRole('status')).toHaveCount(0);
    if (await ready.isVisible()) return;
    await box.fill(answer);
    await box.press('Enter');
    await expect(log.getByText(answer)).toBeVisible();
  }
  await expect(ready).toBeVisible();
}
