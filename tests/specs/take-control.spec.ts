import { expect, test } from '../support/test.ts';
import { VMS } from '@cofounder/shared';
import { signInNewFounder } from '../pages/dashboard.ts';
import { LAUNCH_TIMEOUT, VMS_PAGE, deleteMachine, launchMachine, vmCard } from '../pages/vms.ts';
import { axeViolations } from '../support/axe.ts';
import { FIXTURE_SITE } from '../support/fixture-site.ts';

// Issue 28 §4: the founder takes the machine over in its live view, their click and typing reach the machine's
// page (which posts the note to the test's fixture server), and they hand it back.
test('a founder takes control of a machine, types into its page, and hands it back', async ({ page, request }) => {
  test.setTimeout(480_000);
  await signInNewFounder(page);
  await page.goto(VMS_PAGE);
  const name = await launchMachine(page);
  const card = vmCard(page, name);

  // The machine opens the note page: a task the offline planner carries out.
  await card.getByRole('button', { name, exact: true }).click();
  await page.getByRole('textbox', { name: 'Task for the machine' }).fill(`open ${FIXTURE_SITE.noteUrl}`);
  const finished = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/api/computer-use/run-task/'),
    { timeout: LAUNCH_TIMEOUT * 2 },
  );
  await page.getByRole('button', { name: 'Execute' }).click();
  expect(((await (await finished).json()) as { success: boolean }).success).toBe(true);

  await card.getByRole('button', { name: 'Live View' }).click();
  const view = page.getByRole('dialog', { name: `Live View: ${name}` });
  await view.getByRole('button', { name: VMS.texts.takeControl }).click();
  const screen = view.getByRole('application', { name: `Screen of ${name}: your clicks and keys go to the machine` });
  await expect(screen).toBeFocused();
  await expect(view.getByText(VMS.texts.controlHint, { exact: false })).toBeVisible();
  expect(await axeViolations(page, 'Live View with take control on')).toEqual([]);

  // The note field fills the top half of the machine's page.
  const box = (await screen.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 5);
  await page.keyboard.type('hello from the founder', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await request.get(FIXTURE_SITE.notesUrl)).json(), { timeout: 30_000 })
    .toContain('hello from the founder');

  // Escape gives the keyboard back without closing the view; Hand back gives the machine back.
  await page.keyboard.press('Escape');
  const handBack = view.getByRole('button', { name: VMS.texts.handBack });
  await expect(handBack).toBeFocused();
  await handBack.click();
  await expect(view.getByRole('button', { name: VMS.texts.takeControl })).toBeVisible();
  await expect(view.getByRole('application')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
  await deleteMachine(page, name);
});
