import { FREE_TRIAL_DAYS, type PaidPlanId } from '@cofounder/shared';
import type { SubscriptionRow } from '../../db/schema.ts';

/**
 * The paid plan a subscription row grants at `at`, or null (the free trial then applies). Active and past-due
 * subscriptions grant their plan; past the period end a scheduled downgrade is the plan and a cancellation at
 * period end grants nothing. A canceled subscription grants its plan only until the paid period ends.
 */
export function grantedPlan(row: Pick<SubscriptionRow, 'plan' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'scheduledPlan'> | null | undefined, at: Date): PaidPlanId | null {
  if (!row?.plan || !row.status || row.status === 'incomplete') return null;
  const ended = row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() <= at.getTime();
  if (row.status === 'canceled') return ended || row.currentPeriodEnd === null ? null : row.plan;
  if (ended && row.cancelAtPeriodEnd) return null;
  if (ended && row.scheduledPlan) return row.scheduledPlan;
  return row.plan;
}

/** When a trial that started at `startedAt` ends. */
export const trialEndsAt = (startedAt: Date): Date => new Date(startedAt.getTime() + FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000);
