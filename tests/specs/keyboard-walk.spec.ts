import { VMS } from '@cofounder/shared';
import { expect, test } from '../support/test.ts';
import { expectFocusShown, expectFocusTrapped, openAndCloseDialog, tabTo } from '../pages/keyboard.ts';
import { LAUNCH_TIMEOUT } from '../pages/vms.ts';
import { createConfirmedUser } from '../support/users.ts';

const baseURL = process.env.E2E_BASE_URL!;

// Issue 26: a founder who uses only the keyboard. After the first page load every input is page.keyboard; at
// every Tab stop focus is on screen and shows an indicator, dialogs keep it inside and give it back on close.
test('a keyboard-only founder signs in, onboards, chats and opens and closes every dashboard dialog', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const user = await createConfirmedUser(baseURL);
  // Where focus was, outside any dialog, when focus last went into one: what closing it should give focus back to.
  await page.addInitScript(() => {
    const w = window as unknown as { lastOutside: Element | null; openerOfDialog: Element | null };
    w.lastOutside = null;
    w.openerOfDialog = null;
    document.addEventListener('focusin', (e) => {
      const target = e.target as Element;
      if (!target.closest('[role="dialog"]')) w.lastOutside = target;
      else if (!(e.relatedTarget as Element | null)?.closest('[role="dialog"]'))
        w.openerOfDialog = w.lastOutside;
    });
  });
  await page.goto('/login');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  const type = (text: string) => page.keyboard.type(text);

  // Sign in.
  await tabTo(page, page.getByLabel('Email'));
  await type(user.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/chat$/);

  // The product tour opens by itself: focus inside, kept there; Escape closes it and focus goes back to where
  // it was, or to the page's first control when nothing had focus.
  const tour = page.getByRole('dialog', { name: 'Welcome to your dashboard' });
  await expect(tour).toBeVisible();
  await expect.poll(() => tour.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, tour);
  await tabTo(page, tour.getByRole('button', { name: 'Take the Tour' }));
  await page.keyboard.press('Enter');
  const chatStep = page.getByRole('dialog', { name: 'Chat with your co-founder' });
  await expect(chatStep).toBeVisible();
  await expectFocusTrapped(page, chatStep, 4);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const afterTour = await expectFocusShown(page);
  expect(afterTour.inDialog).toBe(false);
  expect(
    await page.evaluate(() => {
      const { openerOfDialog } = window as unknown as { openerOfDialog: Element | null };
      const active = document.activeElement!;
      return openerOfDialog?.isConnected
        ? active === openerOfDialog
        : document.getElementById('main')!.contains(active);
    }),
    'focus is back where it was before the tour, or on the page under it',
  ).toBe(true);

  // Onboarding, answered until the co-founder is ready.
  await tabTo(page, page.getByRole('link', { name: 'Start onboarding' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/onboarding$/);
  const next = page.getByRole('button', { name: 'Next' });
  const choose = async (group: string) => {
    // Tab enters a group of radios or checkboxes on its first; Space picks it.
    await tabTo(page, page.getByRole('group', { name: group }).locator('input').first());
    await page.keyboard.press('Space');
  };
  const goOn = async () => {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    // The next step keeps the keyboard user's place: focus stays shown, not dropped with the step it was on.
    await expectFocusShown(page, { soft: true });
  };
  await goOn();
  await tabTo(page, page.getByLabel('Your name'));
  await type('Ada Lovelace');
  await choose('Your role');
  await goOn();
  await tabTo(page, page.getByLabel('Your idea in one sentence'));
  await type('Invoicing software that chases late payments for freelancers');
  await choose('Industry');
  await goOn();
  await choose('What do you want to achieve? Choose all that apply.');
  await goOn();
  await choose('Where are you now?');
  await goOn();
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  const ready = page.getByText("You're all set! Taking you to your dashboard...");
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.locator('[data-kind="intern"]').first()).toBeVisible();
  for (let i = 0; i < 10 && !(await ready.isVisible()); i++) {
    await expect(log.getByRole('status')).toHaveCount(0);
    if (await ready.isVisible()) break;
    await tabTo(page, answer);
    await type(`Answer ${i + 1}: freelancers wait sixty days to get paid and hate chasing clients.`);
    await page.keyboard.press('Enter');
    await expect(log.getByText(`Answer ${i + 1}:`, { exact: false })).toBeVisible();
  }
  await expect(ready).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);

  // A chat message.
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(page.getByRole('button', { name: 'Send message' })).toBeAttached();
  await tabTo(page, composer);
  await type('What should I do first this week?');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(
    'What should I do first this week?',
  );

  // The usage panel.
  const usage = page.getByRole('button', { name: 'View usage details' });
  await tabTo(page, usage);
  await openAndCloseDialog(page, usage, page.getByRole('dialog', { name: 'Usage limits' }));

  // Sign Out asks first: Escape, then Cancel, give focus back to the button.
  const signOut = page.getByRole('complementary').getByRole('button', { name: 'Sign Out' });
  const signOutDialog = page.getByRole('dialog', { name: 'Sign Out' });
  await tabTo(page, signOut);
  await openAndCloseDialog(page, signOut, signOutDialog);
  await openAndCloseDialog(page, signOut, signOutDialog, async (dialog) => {
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
  });

  const goTo = async (link: string) => {
    await tabTo(page, sidebar.getByRole('link', { name: link, exact: true }), { shift: true });
    await page.keyboard.press('Enter');
  };

  // Intern Activity: the kill switch's confirmation.
  await goTo('Intern Activity');
  const stop = page.getByRole('button', { name: 'Stop all agents' });
  await tabTo(page, stop);
  await openAndCloseDialog(page, stop, page.getByRole('dialog', { name: 'Stop all agents' }));

  // Connections: turning "Approve before posting" off is confirmed first.
  await goTo('Connections');
  const approve = page.getByRole('switch', { name: 'Approve before posting' });
  await expect(approve).toBeEnabled();
  await tabTo(page, approve);
  await openAndCloseDialog(page, approve, page.getByRole('dialog', { name: 'Publish without approval?' }));
  await expect(approve).toHaveAttribute('aria-checked', 'true');

  // Settings: the tab panel is a Tab stop and shows its focus.
  await goTo('Settings');
  await tabTo(page, page.getByRole('tab', { name: 'AI Settings' }));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'AI Settings' })).toBeFocused();
  await expectFocusShown(page);

  // VMs: the launch dialog, then the machine's Delete confirmation (Escape, then Delete, which removes the card
  // and its button: focus goes to a control nearby, not to the page).
  await goTo('VMs');
  const launch = page.getByRole('button', { name: 'Launch New VM' });
  await tabTo(page, launch);
  await page.keyboard.press('Enter');
  const launchDialog = page.getByRole('dialog', { name: 'Launch a machine' });
  await expect(launchDialog).toBeVisible();
  await expectFocusTrapped(page, launchDialog, 3);
  await expect(launchDialog.getByText('Your machine is ready.', { exact: false })).toBeVisible({
    timeout: LAUNCH_TIMEOUT,
  });
  await page.keyboard.press('Escape');
  await expect(launchDialog).toHaveCount(0);
  expect((await expectFocusShown(page)).inDialog).toBe(false);
  const remove = page.getByTestId('vm-card').getByRole('button', { name: 'Delete', exact: true });
  await tabTo(page, remove);
  const deleteDialog = page.getByRole('dialog', { name: 'Delete machine' });
  await openAndCloseDialog(page, remove, deleteDialog);
  await page.keyboard.press('Enter');
  await expect(deleteDialog.getByText(VMS.texts.deleteConfirm, { exact: true })).toBeVisible();
  await tabTo(page, deleteDialog.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  // While the machine ends, focus stays on the confirm button; then the card leaves with its Delete button.
  await expect(deleteDialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await expect(deleteDialog).toHaveCount(0, { timeout: LAUNCH_TIMEOUT });
  await expect(page.getByTestId('vm-card')).toHaveCount(0);
  expect((await expectFocusShown(page)).inDialog).toBe(false);

  // The mobile drawer at 390 px: a modal dialog; Escape closes it and focus goes back to the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menu, { shift: true });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog').filter({ has: sidebar });
  await expect(drawer).toBeVisible();
  await expect(drawer).toHaveAttribute('aria-modal', 'true');
  await tabTo(page, drawer.getByRole('link', { name: 'Chat', exact: true }));
  await expectFocusTrapped(page, drawer, 14);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await expectFocusShown(page);
});
