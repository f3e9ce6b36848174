import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { choosePlan, pickInterval } from '../pages/billing.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

async function openSubscriptionTab(page: Page) {
  await page.goto('/dashboard/settings?tab=subscription');
  await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
}

test('free trial → Builder yearly through the local checkout → Phone unlocked → downgrade → cancel → reactivate', async ({
  page,
}) => {
  await signInNewFounder(page);

  // On the free trial the Phone page is the restricted-feature page.
  await page.goto('/dashboard/sms');
  await expect(page.getByRole('heading', { name: 'Unlock Phone Integration' })).toBeVisible();
  await expect(page.getByText('Upgrade to Builder to access this feature')).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  // Monthly shows the yearly saving; Builder yearly goes to the local checkout.
  await expect(page.getByRole('article', { name: 'Builder' })).toContainText('Switch to yearly to save $190');
  await choosePlan(page, 'Annual', 'Builder', 'Get Started');
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=lcs_/);
  await expect(page.getByRole('main')).toContainText('Builder');
  await page.getByRole('button', { name: 'Pay $758' }).click();

  // The success page validates the session with the server.
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=lcs_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Builder!' })).toBeVisible();

  await openSubscriptionTab(page);
  const current = page.getByRole('region', { name: /current plan/i });
  await expect(current).toContainText('Builder');
  await expect(current).toContainText('Active');

  await page.goto('/dashboard/sms');
  await expect(page.getByRole('heading', { name: 'Phone Integration', level: 1 })).toBeVisible();
  await expect(page.getByText('Upgrade to Builder to access this feature')).toHaveCount(0);

  // The held plan reads Current Plan; Starter is a downgrade, confirmed in the modal.
  await page.goto('/pricing');
  await pickInterval(page, 'Annual');
  await expect(page.getByRole('button', { name: 'Current Plan: Builder' })).toBeVisible();
  await page.getByRole('button', { name: 'Downgrade: Starter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Downgrade' }).click();
  const updated = page.getByRole('dialog');
  await expect(updated.getByRole('heading', { name: 'Subscription Updated' })).toBeVisible();
  const nextYear = String(new Date().getUTCFullYear() + 1);
  await expect(updated).toContainText(`Your plan changes to Starter`);
  await expect(updated).toContainText(nextYear);
  await updated.getByRole('button', { name: 'Done' }).click();

  // Builder stays until the period ends: Phone is still open.
  await page.goto('/dashboard/sms');
  await expect(page.getByRole('heading', { name: 'Phone Integration', level: 1 })).toBeVisible();

  // Cancel (confirmed) → Cancellation Scheduled (disabled) → Reactivate.
  await openSubscriptionTab(page);
  await page.getByRole('button', { name: 'Cancel Plan' }).click();
  await page.getByRole('dialog', { name: 'Cancel your plan?' }).getByRole('button', { name: 'Cancel Plan' }).click();
  await expect(page.getByText('Subscription will cancel at end of period')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancellation Scheduled' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('button', { name: 'Cancel Plan' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Cancellation Scheduled' })).toHaveCount(0);

  // Payment History lists the local checkout's payment.
  await expect(page.getByRole('region', { name: 'Payment History' })).toContainText('$758');
});

test('a declined local checkout shows the card_declined wording, and Try Again returns to pricing', async ({
  page,
}) => {
  await signInNewFounder(page);
  await choosePlan(page, 'Monthly', 'Starter', 'Get Started');
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=lcs_/);
  await page.getByLabel('Decline reason').selectOption('card_declined');
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(/\/subscription\/failed\?session_id=lcs_\w+&error=card_declined/);
  await expect(page.getByRole('heading', { name: 'Card Declined' })).toBeVisible();
  await expect(page.getByText('Your card was declined. Please try a different payment method.')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  // Nothing was bought: still on the free trial.
  await openSubscriptionTab(page);
  await expect(page.getByRole('region', { name: /current plan/i })).toContainText('Free Trial');
});
