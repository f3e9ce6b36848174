import { expect, test } from '../support/test.ts';
import { VMS } from '@cofounder/shared';
import { signInNewFounder } from '../pages/dashboard.ts';
import { LAUNCH_TIMEOUT, VMS_PAGE, deleteMachine, vmCard } from '../pages/vms.ts';

// Issue 25 items 12 and 13: the work, approvals, connections and machines screens as a founder walks them.

test('work, approvals and connections say what they show and offer what the spec names', async ({ page }) => {
  await signInNewFounder(page);

  await page.goto('/dashboard/work');
  const platforms = page.getByTestId('platform-activity');
  await expect(platforms.getByText('Published posts', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Tasks' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('active');

  await page.goto('/dashboard/approvals');
  await expect(
    page.getByText(
      'Posts, investor emails and sensitive computer actions your co-founder prepared wait here until you approve them.',
      { exact: true },
    ),
  ).toBeVisible();

  // Refresh is there with nothing connected yet (spec 2 "Connections").
  await page.goto('/dashboard/connections');
  await expect(page.getByTestId('connection-twitter')).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
  await expect(refresh).toHaveCount(1);
  await refresh.click();
  await expect(refresh).toBeEnabled();
});

test('a machine shows its screen in the launch dialog and in Live View, apart from the monitor, and a delete is for good', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signInNewFounder(page);
  await page.goto(VMS_PAGE);
  await expect(page.getByRole('heading', { name: VMS.texts.title, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Launch New VM' }).click();
  const launch = page.getByRole('dialog', { name: 'Launch a machine' });
  await expect(launch.getByText('Your machine is ready.', { exact: false })).toBeVisible({ timeout: LAUNCH_TIMEOUT });
  // The screen arrives in the dialog even though the task panel below subscribed to it first.
  const launched = launch.getByRole('img', { name: /^The screen of / });
  await expect(launched).toBeVisible();
  const name = (await launched.getAttribute('alt'))!.replace(/^The screen of /, '');
  await launch.getByRole('button', { name: 'Done' }).click();
  await expect(launch).toHaveCount(0);

  // Live View: the machine's own screen, not the task monitor.
  await vmCard(page, name).getByRole('button', { name: 'Live View' }).click();
  const view = page.getByRole('dialog', { name: `Live View: ${name}` });
  await expect(view.getByRole('img', { name: `The screen of ${name}` })).toBeVisible();
  await expect(view.getByRole('region', { name: 'Recent decisions' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);

  await page.getByRole('button', { name: 'Open Live Monitor' }).click();
  const monitor = page.getByRole('dialog', { name: `Live monitor: ${name}` });
  await expect(monitor.getByRole('region', { name: 'Recent decisions' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(monitor).toHaveCount(0);

  // Delete says "permanently": the card goes, no TERMINATED card with Start stays.
  await deleteMachine(page, name);
  await expect(page.getByRole('heading', { name: 'No machines yet' })).toBeVisible();
  await expect(vmCard(page, name)).toHaveCount(0);
});
