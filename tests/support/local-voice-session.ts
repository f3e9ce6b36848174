import { expect, type Page } from '@playwright/test';
import { localVoiceBaseURL } from '../playwright.config.ts';
import { signIn } from '../pages/auth.ts';
import { dismissTourIfShown } from '../pages/dashboard.ts';
import { createConfirmedUser } from './users.ts';

/**
 * A new, confirmed founder signs in on the product with no speech key (voice local: pocketsphinx + flite) and
 * lands on its chat with the tour out of the way. signInNewFounder does the same on the main e2e server.
 */
export async function signInLocalVoiceFounder(page: Page): Promise<{ email: string; password: string }> {
  const user = await createConfirmedUser(localVoiceBaseURL);
  await page.goto(`${localVoiceBaseURL}/login`);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(page);
  return user;
}
