import { expect, test } from '../support/test.ts';
import { VMS } from '@cofounder/shared';
import { signInNewFounder } from '../pages/dashboard.ts';
import {
  LAUNCH_TIMEOUT,
  VMS_PAGE,
  changeState,
  decisionsFor,
  deleteMachine,
  launchMachine,
  vmCard,
  vmStatus,
} from '../pages/vms.ts';
import { FIXTURE_SITE } from '../support/fixture-site.ts';

// The task the offline planner carries out: open the test's own form (allow-listed for this run) and type.
const TASK = `open ${FIXTURE_SITE.formUrl} and type hello into the name field`;

test('a founder launches a machine, watches it fill a form live, then stops, starts and deletes it', async ({
  page,
}) => {
  // One local machine (the free trial allows one), launched twice (launch, then start): allow for a slow box.
  test.setTimeout(480_000);
  await signInNewFounder(page);

  await page.goto(VMS_PAGE);
  await expect(page.getByRole('heading', { name: VMS.texts.title, level: 1 })).toBeVisible();
  await expect(
    page.getByText('Local mode: each machine is a Chromium browser', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No machines yet' })).toBeVisible();

  // Launch: the modal goes launching → waiting for the view → ready with the live view.
  const name = await launchMachine(page);
  const card = vmCard(page, name);
  await expect(vmStatus(card)).toHaveText('RUNNING');

  // Select it and run the task; the run-task call answers when the task ends.
  await card.getByRole('button', { name, exact: true }).click();
  await page.getByRole('textbox', { name: 'Task for the machine' }).fill(TASK);
  const finished = page.waitForResponse(
    (res) =>
      res.request().method() === 'POST' &&
      new URL(res.url()).pathname.startsWith('/api/computer-use/run-task/'),
    { timeout: LAUNCH_TIMEOUT * 2 },
  );
  await page.getByRole('button', { name: 'Execute' }).click();

  // The live overlay: the machine's screen and the decisions as they arrive.
  await page.getByRole('button', { name: 'Open Live Monitor' }).click();
  const overlay = page.getByRole('dialog', { name: `Live monitor: ${name}` });
  // The overlay keeps the last 5 decisions, so the typing step is there however many steps came before it.
  const recent = overlay.getByRole('region', { name: 'Recent decisions' });
  await expect(decisionsFor(recent, 'type').first()).toBeVisible({ timeout: LAUNCH_TIMEOUT });
  await expect(overlay.getByRole('img', { name: `The screen of ${name}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);

  const res = await finished;
  expect(res.status()).toBe(200);
  const result = (await res.json()) as { success: boolean; message: string; finalScreenshot: string | null };
  expect(result.success).toBe(true);
  expect(result.finalScreenshot).toMatch(/^data:image\//);

  // The timeline in the panel, the completed status, the message and the final screenshot.
  const timeline = page.getByRole('list', { name: 'Decision timeline' });
  await expect(decisionsFor(timeline, 'navigate').first()).toBeVisible();
  await expect(decisionsFor(timeline, 'type').first()).toContainText('hello');
  await expect(page.getByTestId('task-status').first()).toContainText('Completed');
  await expect(page.getByTestId('task-result')).toHaveText(result.message);
  await page.getByRole('button', { name: 'Final screenshot' }).click();
  const shot = page.getByRole('dialog', { name: `Screenshot: ${name}` });
  await expect(shot.getByRole('img', { name: `Screenshot of ${name}` })).toBeVisible();
  await expect(shot.getByRole('link', { name: 'Download' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shot).toHaveCount(0);

  // Stop, start again, delete.
  await changeState(page, name, 'Stop', 'STOPPED');
  await expect(page.getByRole('button', { name: 'Execute' })).toHaveCount(0);
  await changeState(page, name, 'Start', 'RUNNING');
  await deleteMachine(page, name);
  await expect(card.or(page.getByRole('heading', { name: 'No machines yet' })).first()).toBeVisible();
  if ((await card.count()) > 0)
    await expect(vmStatus(card)).toHaveText('TERMINATED', { timeout: LAUNCH_TIMEOUT });
});
