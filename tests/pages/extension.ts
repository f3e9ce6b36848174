import { expect, type Page } from '@playwright/test';

/** Points the popup at the e2e server through its "Server" disclosure, as a user would. */
export async function connectTo(popup: Page, serverUrl: string): Promise<void> {
  // Wait until the first server check settles: the disclosure opens by itself when that server is unreachable.
  await expect(popup.getByRole('button', { name: /^(Sign In|Try again)$/ })).toBeVisible();
  const field = popup.getByLabel('Server URL');
  if (!(await field.isVisible())) await popup.getByText('Server', { exact: true }).click();
  await field.fill(serverUrl);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(popup.getByText('Local mode')).toBeVisible();
}

/** Fills and submits the popup's sign-in form. */
export async function signIn(popup: Page, email: string, password: string): Promise<void> {
  await popup.getByLabel('Email', { exact: true }).fill(email);
  await popup.getByLabel('Password', { exact: true }).fill(password);
  await popup.getByRole('button', { name: 'Sign In', exact: true }).click();
}
