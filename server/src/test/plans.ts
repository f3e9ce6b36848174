import type { BillingInterval, PaidPlanId } from '@cofounder/shared';
import type { Database } from '../db/client.ts';
import { subscriptions } from '../db/schema.ts';

/** Gives a user an active local subscription to `plan` (tests that only need a paid plan in force). */
export async function givePlan(
  database: Database,
  userId: string,
  plan: PaidPlanId,
  options: { interval?: BillingInterval; periodEnd?: Date } = {},
): Promise<void> {
  const values = {
    userId,
    provider: 'local' as const,
    customerId: `lcus_${userId}`,
    subscriptionId: `lsub_${userId}`,
    plan,
    interval: options.interval ?? 'monthly',
    status: 'active' as const,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: options.periodEnd ?? new Date(Date.now() + 400 * 24 * 60 * 60 * 1000),
    scheduledPlan: null,
    scheduledInterval: null,
  };
  await database.db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.userId, set: values });
}
