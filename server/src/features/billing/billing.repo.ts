import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingEvents, subscriptions, type SubscriptionRow } from '../../db/schema.ts';
import type { BillingEvent, SubscriptionSnapshot } from '../../providers/billing/port.ts';

type Provider = SubscriptionRow['provider'];

/** Our own API call's answer (an upgrade, a cancel…) stored at once, before the provider's webhook confirms it. */
export interface SyncEvent {
  id: null;
  type: 'sync';
  at: Date;
  userId: string;
  subscription: SubscriptionSnapshot;
}

export type ApplyOutcome =
  | { result: 'duplicate' | 'stale' | 'ignored' }
  | { result: 'applied'; userId: string; /** A different subscription the user held before this checkout. */ replaced: string | null };

export async function subscriptionOf(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** Stores the user's provider customer once; answers the stored one when another request was first. */
export async function storeCustomer(db: Db, userId: string, provider: Provider, customerId: string, at: Date): Promise<string> {
  await db.insert(subscriptions).values({ userId, provider, customerId, updatedAt: at }).onConflictDoNothing();
  const row = (await subscriptionOf(db, userId))!;
  if (row.provider !== provider) {
    // The server changed provider (local → Stripe): the old customer id means nothing to the new one.
    await db.update(subscriptions).set({ provider, customerId, updatedAt: at }).where(eq(subscriptions.userId, userId));
    return customerId;
  }
  return row.customerId;
}

const later = (a: Date | null, b: Date): Date => (a && a > b ? a : b);

function snapshotValues(snap: SubscriptionSnapshot, row: SubscriptionRow | null) {
  let scheduledPlan = row?.scheduledPlan ?? null;
  let scheduledInterval = row?.scheduledInterval ?? null;
  if (snap.scheduled === null) {
    scheduledPlan = null;
    scheduledInterval = null;
  } else if (snap.scheduled) {
    scheduledPlan = snap.scheduled.plan;
    scheduledInterval = snap.scheduled.interval;
  }
  // The scheduled downgrade has happened once the subscription is on that plan.
  if (scheduledPlan === snap.plan && scheduledInterval === snap.interval) {
    scheduledPlan = null;
    scheduledInterval = null;
  }
  return {
    customerId: snap.customerId,
    subscriptionId: snap.subscriptionId,
    plan: snap.plan,
    interval: snap.interval,
    status: snap.status,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    currentPeriodEnd: snap.currentPeriodEnd,
    scheduledPlan,
    scheduledInterval,
  };
}

async function lockRow(tx: Db, where: ReturnType<typeof eq>): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(where).for('update');
  return row ?? null;
}

/** The row an event is about: the subscription's, else the customer's, else the user's its metadata names. */
async function rowFor(tx: Db, provider: Provider, subscriptionId: string | null, customerId: string, userId: string | null | undefined) {
  if (subscriptionId) {
    const row = await lockRow(tx, eq(subscriptions.subscriptionId, subscriptionId));
    if (row) return row;
  }
  const byCustomer = await lockRow(tx, and(eq(subscriptions.provider, provider), eq(subscriptions.customerId, customerId))!);
  if (byCustomer) return byCustomer;
  return userId ? lockRow(tx, eq(subscriptions.userId, userId)) : null;
}

/**
 * Applies one billing event to the user's subscription row, once: the event id is inserted first in the same
 * transaction, so a redelivery (or a racing delivery) changes nothing. Out-of-order deliveries are settled by the
 * provider's event time kept in `event_at`: an older event never overwrites a newer state, and a
 * `subscription.created` never overwrites what was already written for that subscription at the same time or later.
 */
export async function applyBillingEvent(db: Db, provider: Provider, event: BillingEvent | SyncEvent): Promise<ApplyOutcome> {
  return db.transaction(async (tx): Promise<ApplyOutcome> => {
    if (event.id !== null) {
      const fresh = await tx
        .insert(billingEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (fresh.length === 0) return { result: 'duplicate' };
    }
    const at = event.at;
    const updatedAt = new Date();

    if (event.type === 'sync' || event.type === 'checkout.completed') {
      const snap = event.subscription;
      const customerId = event.type === 'checkout.completed' ? event.customerId : event.subscription.customerId;
      const row = await lockRow(tx, eq(subscriptions.userId, event.userId));
      if (!row) {
        await tx.insert(subscriptions).values({
          userId: event.userId,
          provider,
          customerId,
          ...(snap ? snapshotValues(snap, null) : {}),
          eventAt: at,
          updatedAt,
        });
        return { result: 'applied', userId: event.userId, replaced: null };
      }
      if (!snap) {
        await tx.update(subscriptions).set({ provider, customerId, updatedAt }).where(eq(subscriptions.userId, row.userId));
        return { result: 'applied', userId: row.userId, replaced: null };
      }
      const replaced = row.subscriptionId && row.subscriptionId !== snap.subscriptionId ? row.subscriptionId : null;
      const newerStored = row.eventAt !== null && row.eventAt > at && row.subscriptionId === snap.subscriptionId;
      if (event.type === 'checkout.completed' && newerStored) {
        // Newer state is already stored: only make sure the customer is linked.
        await tx.update(subscriptions).set({ provider, customerId, updatedAt }).where(eq(subscriptions.userId, row.userId));
        return { result: 'stale' };
      }
      await tx
        .update(subscriptions)
        .set({ provider, ...snapshotValues(snap, replaced ? null : row), customerId, eventAt: later(row.eventAt, at), updatedAt })
        .where(eq(subscriptions.userId, row.userId));
      return { result: 'applied', userId: row.userId, replaced };
    }

    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      const row = await rowFor(tx, provider, event.subscriptionId, event.customerId, null);
      if (!row) return { result: 'ignored' };
      if (event.subscriptionId && row.subscriptionId && row.subscriptionId !== event.subscriptionId) return { result: 'stale' };
      if (row.eventAt && at < row.eventAt) return { result: 'stale' };
      const paid = event.type === 'invoice.paid';
      const status = row.status === 'canceled' ? 'canceled' : paid ? 'active' : 'past_due';
      const currentPeriodEnd = paid && event.periodEnd ? later(row.currentPeriodEnd, event.periodEnd) : row.currentPeriodEnd;
      await tx.update(subscriptions).set({ status, currentPeriodEnd, eventAt: at, updatedAt }).where(eq(subscriptions.userId, row.userId));
      return { result: 'applied', userId: row.userId, replaced: null };
    }

    const change = event as Extract<BillingEvent, { subscription: SubscriptionSnapshot; type: `subscription.${string}` }>;
    const snap = change.subscription;
    const row = await rowFor(tx, provider, snap.subscriptionId, snap.customerId, snap.userId);
    if (!row) {
      if (!snap.userId) return { result: 'ignored' };
      await tx.insert(subscriptions).values({ userId: snap.userId, provider, ...snapshotValues(snap, null), eventAt: at, updatedAt });
      return { result: 'applied', userId: snap.userId, replaced: null };
    }
    if (row.subscriptionId && row.subscriptionId !== snap.subscriptionId) {
      // Another subscription of the same customer: only a newly created one may take the row over.
      if (change.type !== 'subscription.created' || (row.eventAt && row.eventAt > at)) return { result: 'stale' };
    } else {
      if (row.eventAt && at < row.eventAt) return { result: 'stale' };
      if (change.type === 'subscription.created' && row.subscriptionId === snap.subscriptionId && row.eventAt && row.eventAt >= at) {
        return { result: 'stale' };
      }
    }
    const sameSubscription = row.subscriptionId === snap.subscriptionId;
    await tx
      .update(subscriptions)
      .set({ provider, ...snapshotValues(snap, sameSubscription ? row : null), eventAt: at, updatedAt })
      .where(eq(subscriptions.userId, row.userId));
    return { result: 'applied', userId: row.userId, replaced: null };
  });
}
