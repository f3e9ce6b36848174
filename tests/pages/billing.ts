import { expect, type Page } from '@playwright/test';

/** Clicks the interval's label on /pricing (the radio itself is visually hidden inside it). */
export async function pickInterval(page: Page, interval: 'Monthly' | 'Annual'): Promise<void> {
  await page.locator('label').filter({ hasText: interval }).click();
  await expect(page.getByRole('radio', { name: interval })).toBeChecked();
}

/** Picks a plan on /pricing for the chosen interval; the button's name is "{label}: {plan}". */
export async function choosePlan(
  page: Page,
  interval: 'Monthly' | 'Annual',
  plan: string,
  label: string,
): Promise<void> {
  await page.goto('/pricing');
  await pickInterval(page, interval);
  await page.getByRole('button', { name: `${label}: ${plan}` }).click();
}

/** A founder on the free trial buys Builder (monthly) through the local checkout and lands on the success page. */
export async function buyBuilder(page: Page): Promise<void> {
  await choosePlan(page, 'Monthly', 'Builder', 'Get Started');
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=lcs_/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=lcs_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Builder!' })).toBeVisible();
}
