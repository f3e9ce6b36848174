import {
  PLANS,
  formatUsd,
  monthlyEquivalent,
  planPrice,
  type BillingInterval,
  type PaidPlanId,
  type PricingResponse,
} from '@cofounder/shared';

/** "April 1, 2025": billing dates are days, read in UTC so every time zone shows the same day as the server. */
export function formatBillingDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** An invoice amount in cents, in its own currency. */
export function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export const intervalWord = (interval: BillingInterval): string =>
  interval === 'monthly' ? 'monthly' : 'yearly';

/** A plan's price as a card shows it: from GET pricing when it loaded, else from the static PLANS table. */
export interface PriceView {
  price: string;
  per: '/month' | '/year';
  /** Yearly only: what the year costs per month. */
  monthlyEquivalent: string | null;
  priceId: string | undefined;
}

export function priceView(
  pricing: PricingResponse['pricing'] | undefined,
  plan: PaidPlanId,
  interval: BillingInterval,
): PriceView {
  const served = pricing?.[plan];
  if (interval === 'monthly') {
    return {
      price: served?.monthly.displayPrice ?? formatUsd(planPrice(plan, 'monthly')),
      per: '/month',
      monthlyEquivalent: null,
      priceId: served?.monthly.priceId,
    };
  }
  return {
    price: served?.yearly.displayPrice ?? formatUsd(planPrice(plan, 'yearly')),
    per: '/year',
    monthlyEquivalent: served?.yearly.monthlyEquivalent ?? formatUsd(monthlyEquivalent(plan)),
    priceId: served?.yearly.priceId,
  };
}

/** The plan's display name: the server's when pricing loaded, else the static one. */
export const planName = (pricing: PricingResponse['pricing'] | undefined, plan: PaidPlanId): string =>
  pricing?.[plan]?.name ?? PLANS[plan].name;
