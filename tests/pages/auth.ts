import { expect, type Page } from '@playwright/test';

/** Fills and submits the sign-in form on /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens the dev mailbox filtered to one address and follows its first auth link, as a person would. */
export async function followMailboxLink(page: Page, email: string): Promise<void> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.locator('a[href*="/auth/v1/verify"]').first().click();
}

/** Signs out through the dashboard sidebar and its confirmation dialog. */
export async function signOutFromDashboard(page: Page): Promise<void> {
  await page.getByRole('complementary').getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    "Are you sure you want to sign out? You'll need to log in again to access your dashboard.",
  );
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}
