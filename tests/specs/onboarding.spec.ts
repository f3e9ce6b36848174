import { expect, test } from '../support/test.ts';
import { followMailboxLink, signIn } from '../pages/auth.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { answerUntilReady, fillProfileSteps, type WizardProfile } from '../pages/onboarding.ts';
import { createConfirmedUser, uniqueEmail } from '../support/users.ts';
import { ONBOARDING } from '@cofounder/shared';
import { EXPECT_TIMEOUT_MS } from '../support/timeouts.ts';

const baseURL = process.env.E2E_BASE_URL!;

const PROFILE: WizardProfile = {
  name: 'Ada Lovelace',
  role: 'Founder',
  idea: 'Invoicing software that chases late payments for freelancers',
  industry: 'Fintech',
  goals: ['Validate my idea', 'Find customers'],
  stage: 'Building prototype',
};

const ANSWERS = [
  'Freelancers wait 60 days on average to get paid, and chasing clients is awkward.',
  'Designers and developers who invoice five to twenty clients a month.',
  'They use spreadsheets and reminders; the big tools are built for accountants.',
  'I want ten paying users in the next three months.',
  'My budget is small, so mostly organic channels.',
  'I can spend about twenty hours a week on it.',
  'Nothing else for now.',
  'Let us get started.',
];

test('a new founder registers, signs in, is offered onboarding, answers the co-founder and lands on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('onboard');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await followMailboxLink(page, email);
  await page.getByRole('link', { name: 'Continue to Sign In' }).click();
  await signIn(page, email, 'Str0ng!pass');
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(page);

  await page.getByRole('link', { name: 'Start onboarding' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await fillProfileSteps(page, PROFILE);

  const progress = page.getByRole('list', { name: 'Conversation progress' });
  await expect(progress.getByText('Intro')).toHaveAttribute('aria-current', 'step');
  await answerUntilReady(page, ANSWERS);
  await expect(progress.getByText('Intro')).not.toHaveAttribute('aria-current', 'step');

  await expect(page).toHaveURL(/\/dashboard\/chat$/, { timeout: ONBOARDING.readyRedirectMs + EXPECT_TIMEOUT_MS });
  await expect(page.getByText('Finish setting up your co-founder')).toHaveCount(0);
  // The first working chat opens with the co-founder's welcome, which knows the plan it just made.
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Welcome aboard, Ada!');

  // Finished: the wizard is not offered again.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
});

test('a founder can skip the conversation and start working', async ({ page }) => {
  const user = await createConfirmedUser(baseURL);
  await page.goto('/onboarding');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await fillProfileSteps(page, {
    ...PROFILE,
    name: 'Grace Hopper',
    role: 'Student',
    industry: 'Education',
    goals: ['Learn entrepreneurship'],
    stage: 'Just an idea',
  });

  await expect(
    page.getByRole('log', { name: 'Conversation' }).locator('[data-kind="intern"]').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Skip & Start Working' }).click();
  await expect(
    page.getByText("No problem, let's get to work. Taking you to your dashboard..."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/chat$/, { timeout: ONBOARDING.skipRedirectMs + EXPECT_TIMEOUT_MS });
  await expect(page.getByText('Finish setting up your co-founder')).toHaveCount(0);
});
