import type { Page } from '@playwright/test';

/** Opens a dashboard screen from the sidebar by its link name. */
export const openFromSidebar = (page: Page, name: string | RegExp) =>
  page.getByRole('complementary').getByRole('link', { name }).click();

/** The status card's heading on /dashboard/autonomy ("Status: Enabled" / "Status: Disabled"). */
export const autonomyStatus = (page: Page) => page.getByRole('heading', { name: /^Status: / });

/** Stops all agents through the confirmation dialog. */
export async function stopAllAgents(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop all agents' }).click();
  await page
    .getByRole('dialog', { name: 'Stop all agents' })
    .getByRole('button', { name: 'Stop all agents' })
    .click();
}
