import { expect, test } from '../support/test.ts';
import { autonomyStatus, openFromSidebar, stopAllAgents } from '../pages/autonomy.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

test('autonomy: start at Light Touch, stop and resume all agents, open the approvals inbox', async ({
  page,
}) => {
  await signInNewFounder(page);

  await openFromSidebar(page, 'Intern Autonomy');
  await expect(page.getByRole('heading', { name: 'Intern Autonomy', level: 1 })).toBeVisible();
  await expect(autonomyStatus(page)).toHaveText('Status: Disabled');
  await expect(page.getByRole('radio', { name: 'Steady Pace' })).toBeChecked();

  // Choosing Light Touch and starting stores the level with the start.
  await page.getByRole('radio', { name: 'Light Touch' }).check();
  await page.getByRole('button', { name: 'Start Autonomy' }).click();
  await expect(autonomyStatus(page)).toHaveText('Status: Enabled');
  await expect(page.getByText(/Next check-in/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Light Touch' })).toBeChecked();
  await expect(page.getByText(/Next check-in/)).toBeVisible();

  // The kill switch, confirmed, then lifted; the Work screen shows the same state.
  await stopAllAgents(page);
  await expect(page.getByText('Agents stopped')).toBeVisible();
  await openFromSidebar(page, 'Intern Activity');
  await expect(page.getByText('Agents stopped')).toBeVisible();
  await page.getByRole('button', { name: 'Resume agents' }).click();
  await expect(page.getByRole('button', { name: 'Stop all agents' })).toBeVisible();

  // The inbox: drafted posts, or the empty state when the co-founder drafted none yet.
  await openFromSidebar(page, /^Approvals/);
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await expect(
    page.getByTestId('approval').first().or(page.getByText('Nothing waiting for you')),
  ).toBeVisible();
});
