import { expect, type Page } from '@playwright/test';
import { createConfirmedUser } from '../support/users.ts';
import { signIn } from './auth.ts';

/**
 * Closes the product tour, which opens 1 s after a user's first dashboard visit on a browser. Waits a little
 * for it (it is on a timer), and carries on when it does not come: the user saw it before on this browser.
 */
export async function dismissTourIfShown(page: Page, waitMs = 3_000): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip Tour' });
  const shown = await skip.waitFor({ state: 'visible', timeout: waitMs }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await skip.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * A new, confirmed founder signs in and lands on the dashboard with the tour out of the way. The address is
 * absolute: an extension's browser context has no baseURL.
 */
export async function signInNewFounder(page: Page): Promise<{ email: string; password: string }> {
  const baseURL = process.env.E2E_BASE_URL!;
  const user = await createConfirmedUser(baseURL);
  await page.goto(`${baseURL}/login`);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(page);
  return user;
}
