import type { BillingInterval } from '@cofounder/shared';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of `count` billing intervals that start at `anchor` (UTC, time of day kept). A day the target month
 * lacks clamps to its last day, as Stripe does: Jan 31 + 1 month = Feb 28 (29 in a leap year), Mar 31 + 1 month
 * = Apr 30, Feb 29 + 1 year = Feb 28. Counting from the anchor keeps its day: Jan 31 + 2 months = Mar 31.
 */
export function periodEnd(anchor: Date, interval: BillingInterval, count = 1): Date {
  const months = (interval === 'monthly' ? 1 : 12) * count;
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  const end = new Date(anchor);
  end.setUTCFullYear(year, month, day);
  return end;
}
