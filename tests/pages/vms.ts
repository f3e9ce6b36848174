import { expect, type Locator, type Page } from '@playwright/test';
import { VMS } from '@cofounder/shared';

export const VMS_PAGE = '/dashboard/vms';
/** A local machine launches a Chromium: slow on a loaded machine. */
export const LAUNCH_TIMEOUT = 60_000;

/** One machine card by the machine's name. */
export const vmCard = (page: Page, name: string) => page.getByRole('article', { name });

/** The status badge of a machine card. */
export const vmStatus = (card: Locator) => card.getByTestId('vm-status');

/** Timeline entries whose action is `action` (navigate, type, click…) inside `scope`. */
export const decisionsFor = (scope: Locator, action: string) =>
  scope.locator(`[data-testid="decision"][data-action="${action}"]`);

/**
 * Launch New VM, wait for the modal to reach ready with the live view shown, close it, and return the new
 * machine's name (read from the live view's label).
 */
export async function launchMachine(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Launch New VM' }).click();
  const modal = page.getByRole('dialog', { name: 'Launch a machine' });
  await expect(modal.getByText('Your machine is ready.', { exact: false })).toBeVisible({
    timeout: LAUNCH_TIMEOUT,
  });
  const view = modal.getByRole('figure', { name: /^Live view of / });
  await expect(view).toBeVisible();
  const name = (await view.getAttribute('aria-label'))!.replace(/^Live view of /, '');
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toHaveCount(0);
  return name;
}

/** Presses a state button (Suspend, Stop, Resume, Start) on a card and waits for the status it leads to. */
export async function changeState(page: Page, name: string, button: string, status: string): Promise<void> {
  const card = vmCard(page, name);
  await card.getByRole('button', { name: button, exact: true }).click();
  await expect(vmStatus(card)).toHaveText(status, { timeout: LAUNCH_TIMEOUT });
}

/** Delete through the confirmation modal, checking its exact words. */
export async function deleteMachine(page: Page, name: string): Promise<void> {
  await vmCard(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete machine' });
  await expect(confirm.getByText(VMS.texts.deleteConfirm, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toHaveCount(0);
}
