import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createLocalBilling } from './local.ts';
import type { StoredSubscription } from './port.ts';

// rollOver only writes renewal invoices (insert … onConflictDoNothing); no database is needed to read its dates.
const db = {
  insert: () => ({ values: () => ({ onConflictDoNothing: async () => undefined }) }),
} as unknown as Db;

const sub = (currentPeriodEnd: string): StoredSubscription => ({
  userId: 'u1',
  customerId: 'lcus_u1',
  subscriptionId: 'lsub_1',
  plan: 'starter',
  interval: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: new Date(currentPeriodEnd),
  scheduledPlan: null,
  scheduledInterval: null,
});

async function renewedEnd(end: string, now: string) {
  const billing = createLocalBilling(db, () => Date.parse(now));
  const event = await billing.rollOver(sub(end));
  if (event?.type !== 'subscription.updated') throw new Error('expected a renewal');
  return event.subscription.currentPeriodEnd?.toISOString();
}

describe('local billing renewal dates', () => {
  it('renews a period ending Jan 31 to Feb 28, not Mar 3', async () => {
    expect(await renewedEnd('2025-01-31T10:00:00.000Z', '2025-02-01T00:00:00.000Z')).toBe(
      '2025-02-28T10:00:00.000Z',
    );
    expect(await renewedEnd('2024-01-31T10:00:00.000Z', '2024-02-01T00:00:00.000Z')).toBe(
      '2024-02-29T10:00:00.000Z',
    );
  });

  it('counts each period from the stored end (no anchor is kept): Jan 31 → Feb 28 → Mar 28', async () => {
    expect(await renewedEnd('2025-01-31T10:00:00.000Z', '2025-03-01T00:00:00.000Z')).toBe(
      '2025-03-28T10:00:00.000Z',
    );
  });
});
