import { UpgradeRequiredBody, type BillingInterval, type PaidPlanId } from '@cofounder/shared';
import { expect } from 'vitest';
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

/** The gate let the call through: the route answers (a path no router has ends in the router's JSON 404). */
export async function expectPassesGate(res: Response): Promise<void> {
  const body: unknown = await res.json();
  expect(body).not.toHaveProperty('upgradeRequired');
  if (res.url.includes('/api/sms/status/')) {
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true });
  } else {
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  }
}

/** The gate refused the call: 403 with the shared body naming the plan to upgrade to (spec 2 §6). */
export async function expectUpgradeRequired(res: Response): Promise<void> {
  expect(res.status).toBe(403);
  const body: unknown = await res.json();
  expect(UpgradeRequiredBody.parse(body)).toEqual(body);
  expect(body).toEqual({
    error: { code: 'forbidden', message: 'Upgrade to Builder to access this feature' },
    upgradeRequired: true,
    plan: 'builder',
    planName: 'Builder',
  });
}
