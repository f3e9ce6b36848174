import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS, TOUR } from '@cofounder/shared';
import { EXPECT_TIMEOUT_MS } from '../support/timeouts.ts';
import { createConfirmedUser } from '../support/users.ts';
import { signIn } from './auth.ts';

/**
 * Closes the product tour, which opens TOUR.delayMs after the dashboard shows, unless the signed-in founder closed
 * it on this browser before (STORAGE_KEYS.tourCompleted). Which of the two it is comes from the browser's own
 * storage, not from how long the tour takes to appear, so a slow machine waits for it instead of missing it.
 */
export async function dismissTourIfShown(page: Page): Promise<void> {
  const seen = await page.evaluate(
    ({ sessionKey, tourKeyPrefix }) => {
      const session = Object.keys(localStorage).find((key) => new RegExp(sessionKey).test(key));
      const userId = session ? (JSON.parse(localStorage.getItem(session) ?? '{}') as { user?: { id?: string } }).user?.id : undefined;
      return userId !== undefined && localStorage.getItem(`${tourKeyPrefix}${userId}`) === 'true';
    },
    { sessionKey: STORAGE_KEYS.session.source, tourKeyPrefix: STORAGE_KEYS.tourCompleted('') },
  );
  if (seen) return;
  await page.getByRole('button', { name: 'Skip Tour' }).click({ timeout: TOUR.delayMs + EXPECT_TIMEOUT_MS });
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
