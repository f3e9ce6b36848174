import { expect, test } from '../support/test.ts';
import { signIn } from '../pages/auth.ts';
import { chatLog, sendChatMessage } from '../pages/chat.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { fillProfileSteps } from '../pages/onboarding.ts';
import { taskRows, taskRowsWithStatus } from '../pages/work.ts';
import { createConfirmedUser } from '../support/users.ts';
import { ONBOARDING } from '@cofounder/shared';
import { EXPECT_TIMEOUT_MS } from '../support/timeouts.ts';

const baseURL = process.env.E2E_BASE_URL!;

test('work: a plan runs to completion offline, a result opens, a paused task asks for accounts', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const user = await createConfirmedUser(baseURL);
  await page.goto('/onboarding');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await fillProfileSteps(page, {
    name: 'Ada Lovelace',
    role: 'Founder',
    idea: 'Invoicing software that chases late payments for freelancers',
    industry: 'Fintech',
    goals: ['Validate my idea', 'Find customers'],
    stage: 'Building prototype',
  });
  await expect(chatLog(page).locator('[data-kind="intern"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Skip & Start Working' }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/, { timeout: ONBOARDING.skipRedirectMs + EXPECT_TIMEOUT_MS });
  await dismissTourIfShown(page);

  // Ask for a plan in the chat, as a founder would.
  await sendChatMessage(page, 'Create tasks for my launch this week');
  await expect(chatLog(page).locator('[data-kind="task-notification"]')).toContainText(
    /I've created \d+ new tasks? for you/,
  );

  await page.getByRole('complementary').getByRole('link', { name: 'Intern Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Co-Founder Activity' })).toBeVisible();
  await expect(taskRows(page).first()).toBeVisible();

  // The offline co-founder works through the queue; the screen polls until nothing is pending or running.
  await expect(taskRowsWithStatus(page, /^(Pending|In Progress)$/)).toHaveCount(0, { timeout: 90_000 });
  // Offline work is a draft for the founder to finish, not a success: the rows say so and the ring leaves it out.
  await expect(taskRowsWithStatus(page, 'Draft — needs your input').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Success rate 0%' })).toBeVisible();
  await expect(page.getByTestId('needs-input-count')).toHaveText(/^\d+ drafts? needs? your input$/);
  await expect(page.getByRole('heading', { name: 'Getting Started' })).toHaveCount(0);
  await expect(page.getByTestId('activity').getByTestId('offline-draft').first()).toHaveText('Offline draft');

  // A finished task opens its result, labelled as the offline co-founder's draft.
  const drafted = taskRowsWithStatus(page, 'Draft — needs your input').first();
  const description = (await drafted.getByRole('button').textContent()) ?? '';
  await drafted.getByRole('button').click();
  const result = page.getByRole('dialog', { name: description });
  await expect(result.getByTestId('task-result-content')).not.toBeEmpty();
  await expect(result.getByTestId('offline-draft')).toHaveText('Offline draft');
  await expect(result.getByText('Status: Draft — needs your input')).toBeVisible();
  await expect(result.getByText('Estimated cost')).toBeVisible();
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Marketing posts need X or Reddit connected, so that task waits for the founder's accounts.
  await expect(page.getByText('Need Login')).toBeVisible();
  await taskRowsWithStatus(page, 'Login Required').first().getByRole('button').click();
  const auth = page.getByRole('dialog', { name: 'Authentication Required' });
  await expect(auth.getByRole('listitem').first()).toHaveText(/^(X|Reddit)$/);
  await auth.getByRole('button', { name: 'Connect Accounts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/connections$/);
});
