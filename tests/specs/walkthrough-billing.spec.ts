import type { Page } from '@playwright/test';
import { BILLING, RESEND_COOLDOWN_SECONDS } from '@cofounder/shared';
import { expect, test } from '../support/test.ts';
import { buyBuilder, choosePlan } from '../pages/billing.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { uniqueEmail } from '../support/users.ts';

// Issue 25, web 3, 9 and 10: the founder's walkthrough of sign-up's resend and of billing in local mode.

async function openSubscriptionTab(page: Page) {
  await page.goto('/dashboard/settings?tab=subscription');
  await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
}

async function scheduleStarter(page: Page) {
  await choosePlan(page, 'Monthly', 'Starter', 'Downgrade');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Downgrade' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
}

test('/verify-email opens with the resend countdown running after sign-up, and the press it allows goes out', async ({
  page,
}) => {
  test.setTimeout(RESEND_COOLDOWN_SECONDS * 1000 + 60_000);
  const email = uniqueEmail('resend');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  const waiting = page.getByRole('button', { name: /^Resend in \d+s$/ });
  await expect(waiting).toBeDisabled();
  await page.reload();
  await expect(waiting).toBeDisabled();

  // Once the countdown ends, the server takes the press: no "Too many requests".
  const resend = page.getByRole('button', { name: 'Resend Email' });
  await expect(resend).toBeEnabled({ timeout: RESEND_COOLDOWN_SECONDS * 1000 + 5_000 });
  await resend.click();
  await expect(page.getByText(`A new confirmation email is on its way to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Resend in ${RESEND_COOLDOWN_SECONDS}s` })).toBeDisabled();
});

test('a scheduled downgrade stays in view through Cancel and Reactivate, and can be undone', async ({ page }) => {
  await signInNewFounder(page);
  await buyBuilder(page);
  await scheduleStarter(page);

  await openSubscriptionTab(page);
  const current = page.getByRole('region', { name: /current plan/i });
  await expect(current).toContainText('Changes to Starter (monthly) on');

  await page.getByRole('button', { name: 'Cancel Plan' }).click();
  await page.getByRole('dialog', { name: 'Cancel your plan?' }).getByRole('button', { name: 'Cancel Plan' }).click();
  await expect(current).toContainText(BILLING.changeOnHoldText('Starter', 'monthly'));

  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(current).toContainText('Changes to Starter (monthly) on');

  await page.getByRole('button', { name: BILLING.undoChangeLabel }).click();
  await expect(page.getByText(BILLING.changeUndoneText('Builder', 'Starter'))).toBeVisible();
  await expect(current).not.toContainText('Changes to Starter');
  await expect(current).toContainText('Renews on');
});

test('Manage Billing in local mode opens the local billing portal with the invoices and plan actions', async ({
  page,
}) => {
  await signInNewFounder(page);
  await buyBuilder(page);
  await openSubscriptionTab(page);

  const [portal] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Manage Billing' }).click(),
  ]);
  await expect(portal).toHaveURL(new RegExp(`${BILLING.localPortalPath}$`));
  await expect(portal.getByRole('heading', { name: BILLING.localPortalTitle })).toBeVisible();
  await expect(portal.getByText(BILLING.localPortalNotice)).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Payment History' })).toContainText('$79');
  await expect(portal.getByRole('button', { name: 'Change Plan' })).toBeVisible();

  await portal.getByRole('button', { name: 'Cancel Plan' }).click();
  await portal.getByRole('dialog', { name: 'Cancel your plan?' }).getByRole('button', { name: 'Cancel Plan' }).click();
  await expect(portal.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  // Settings reads the same database: the cancellation shows there too.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cancellation Scheduled' })).toBeDisabled();
});
