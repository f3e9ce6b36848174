import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  BILLING,
  PLANS,
  planPrice,
  formatUsd,
  type BillingInterval,
  type CheckoutFailureReason,
  type Invoice,
  type PaidPlanId,
} from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { localCheckoutSessions, localInvoices } from '../../db/schema.ts';
import {
  BillingProviderError,
  type BillingEvent,
  type BillingProvider,
  type StoredSubscription,
  type SubscriptionSnapshot,
} from './port.ts';
import { periodEnd } from './period.ts';

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The end of one billing interval that starts at `from`, clamped to the month's end as Stripe does. Stripe also
 * keeps the original anchor day (Jan 31 → Feb 28 → Mar 31); the local provider keeps only the current period end
 * (`subscriptions.current_period_end`), so each period counts from the previous end (Jan 31 → Feb 28 → Mar 28).
 * Keeping the anchor would need a billing-cycle-anchor column for a checkout that charges nothing.
 */
const addInterval = (from: Date, interval: BillingInterval): Date => periodEnd(from, interval);

const describe = (plan: PaidPlanId, interval: BillingInterval) => `${PLANS[plan].name} plan (${interval})`;

export type LocalSessionStatus = 'open' | 'complete' | 'declined' | 'expired';

export interface LocalSessionView {
  id: string;
  userId: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  amount: number;
  displayPrice: string;
  status: LocalSessionStatus;
}

export interface LocalBillingProvider extends BillingProvider {
  readonly kind: 'local';
  /** The session (expired once older than BILLING.localCheckoutTtlMs), or null. */
  session(sessionId: string): Promise<LocalSessionView | null>;
  /**
   * Pays an open session: marks it complete (once, even under a double click), stores the paid invoice and
   * answers the checkout-completed event Stripe's webhook would bring. null: the session was not open.
   */
  pay(session: LocalSessionView, customerId: string): Promise<BillingEvent | null>;
  /** Declines an open session with a reason and stores the failed payment. false: it was not open. */
  decline(session: LocalSessionView, reason: CheckoutFailureReason): Promise<boolean>;
  /**
   * The period roll-over a real provider does on its own: past the period end, a cancellation ends the plan, a
   * scheduled downgrade starts, else the subscription renews (a paid invoice per period). null: nothing is due.
   * The event id is derived from the period, so two readers racing apply it once.
   */
  rollOver(sub: StoredSubscription): Promise<BillingEvent | null>;
}

/** The local checkout: nothing leaves this machine and no card is charged. */
export function createLocalBilling(db: Db, now: () => number): LocalBillingProvider {
  const at = () => new Date(now());

  async function invoice(userId: string, amountCents: number, status: 'paid' | 'failed', description: string, createdAt = at(), id = token('lin')) {
    await db.insert(localInvoices).values({ id, userId, amountCents, status, description, createdAt }).onConflictDoNothing();
  }

  const snapshot = (sub: StoredSubscription, change: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
    customerId: sub.customerId,
    subscriptionId: sub.subscriptionId ?? token('lsub'),
    plan: sub.plan,
    interval: sub.interval,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    userId: sub.userId,
    ...change,
  });

  const requireSubscription = (sub: StoredSubscription) => {
    if (!sub.subscriptionId || !sub.plan || !sub.interval) throw new BillingProviderError('There is no subscription to change', 'invalid');
    return { plan: sub.plan, interval: sub.interval };
  };

  return {
    kind: 'local',

    priceId: (plan, interval) => `local_${plan}_${interval}`,

    async createCustomer(userId) {
      return `lcus_${userId}`;
    },

    async createCheckout({ userId, plan, interval }) {
      const id = token('lcs');
      await db.insert(localCheckoutSessions).values({
        id,
        userId,
        plan,
        interval,
        amountCents: planPrice(plan, interval) * 100,
        createdAt: at(),
      });
      return { url: `/dev/checkout?session_id=${encodeURIComponent(id)}`, sessionId: id };
    },

    async checkoutSession(sessionId) {
      const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      if (!row) return null;
      return { userId: row.userId, complete: row.status === 'complete', plan: row.plan, interval: row.interval };
    },

    async session(sessionId) {
      const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      if (!row) return null;
      let status: LocalSessionStatus = row.status;
      if (status === 'open' && row.createdAt.getTime() + BILLING.localCheckoutTtlMs <= now()) {
        await db
          .update(localCheckoutSessions)
          .set({ status: 'expired' })
          .where(and(eq(localCheckoutSessions.id, row.id), eq(localCheckoutSessions.status, 'open')));
        status = 'expired';
      }
      return {
        id: row.id,
        userId: row.userId,
        plan: row.plan,
        interval: row.interval,
        amount: row.amountCents,
        displayPrice: formatUsd(row.amountCents / 100),
        status,
      };
    },

    async pay(session, customerId) {
      const paidAt = at();
      const done = await db
        .update(localCheckoutSessions)
        .set({ status: 'complete', completedAt: paidAt })
        .where(and(eq(localCheckoutSessions.id, session.id), eq(localCheckoutSessions.status, 'open')))
        .returning({ id: localCheckoutSessions.id });
      if (done.length === 0) return null;
      await invoice(session.userId, session.amount, 'paid', describe(session.plan, session.interval), paidAt);
      return {
        id: token('levt'),
        type: 'checkout.completed',
        at: paidAt,
        userId: session.userId,
        customerId,
        subscription: {
          customerId,
          subscriptionId: token('lsub'),
          plan: session.plan,
          interval: session.interval,
          status: 'active',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: addInterval(paidAt, session.interval),
          scheduled: null,
          userId: session.userId,
        },
      };
    },

    async decline(session, reason) {
      const done = await db
        .update(localCheckoutSessions)
        .set({ status: 'declined', declineReason: reason, completedAt: at() })
        .where(and(eq(localCheckoutSessions.id, session.id), eq(localCheckoutSessions.status, 'open')))
        .returning({ id: localCheckoutSessions.id });
      if (done.length === 0) return false;
      await invoice(session.userId, session.amount, 'failed', `${describe(session.plan, session.interval)}: ${reason.replace(/_/g, ' ')}`);
      return true;
    },

    async changeNow(sub, plan, interval) {
      const held = requireSubscription(sub);
      const t = at();
      const end = sub.currentPeriodEnd && sub.currentPeriodEnd > t ? sub.currentPeriodEnd : t;
      if (interval !== held.interval) {
        // A new interval starts a new period now; what is left of the old one is credited.
        const periodMs = addInterval(t, held.interval).getTime() - t.getTime();
        const credit = Math.round((planPrice(held.plan, held.interval) * 100 * (end.getTime() - t.getTime())) / periodMs);
        await invoice(sub.userId, Math.max(0, planPrice(plan, interval) * 100 - credit), 'paid', `${describe(plan, interval)} (prorated)`);
        return snapshot(sub, { plan, interval, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: addInterval(t, interval), scheduled: null });
      }
      const periodMs = addInterval(t, interval).getTime() - t.getTime();
      const left = (end.getTime() - t.getTime()) / periodMs;
      const difference = (planPrice(plan, interval) - planPrice(held.plan, held.interval)) * 100;
      await invoice(sub.userId, Math.max(0, Math.round(difference * left)), 'paid', `Upgrade to ${describe(plan, interval)} (prorated)`);
      return snapshot(sub, { plan, interval, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: end, scheduled: null });
    },

    async scheduleChange(sub, plan, interval) {
      requireSubscription(sub);
      return snapshot(sub, { cancelAtPeriodEnd: false, scheduled: { plan, interval } });
    },

    async setCancelAtPeriodEnd(sub, cancel) {
      requireSubscription(sub);
      return snapshot(sub, { cancelAtPeriodEnd: cancel, scheduled: null });
    },

    async cancelReplaced() {
      // Local subscriptions live only in the row the checkout just replaced.
    },

    async portalUrl() {
      // The web app's local portal: the same plan, cancellation and invoice actions, on this machine's data.
      return BILLING.localPortalPath;
    },

    async invoices(_customerId, userId, limit) {
      const rows = await db
        .select()
        .from(localInvoices)
        .where(eq(localInvoices.userId, userId))
        .orderBy(desc(localInvoices.createdAt), desc(localInvoices.id))
        .limit(limit + 1);
      const invoices: Invoice[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        date: row.createdAt.toISOString(),
        amount: row.amountCents,
        currency: 'usd',
        status: row.status,
        description: row.description,
        url: null,
      }));
      return { invoices, hasMore: rows.length > limit };
    },

    async rollOver(sub) {
      const t = at();
      if (!sub.subscriptionId || !sub.plan || !sub.interval || !sub.currentPeriodEnd) return null;
      if (sub.status !== 'active' && sub.status !== 'past_due') return null;
      if (sub.currentPeriodEnd > t) return null;
      const id = `lroll_${sub.subscriptionId}_${sub.currentPeriodEnd.getTime()}`;
      if (sub.cancelAtPeriodEnd) {
        return { id, type: 'subscription.updated', at: t, subscription: snapshot(sub, { status: 'canceled', scheduled: null }) };
      }
      const plan = sub.scheduledPlan ?? sub.plan;
      const interval = sub.scheduledInterval ?? sub.interval;
      let end = sub.currentPeriodEnd;
      // Renew period by period (each one a paid invoice, idempotent by its start) until the period holds now.
      for (let i = 0; i < 120 && end <= t; i++) {
        await invoice(sub.userId, planPrice(plan, interval) * 100, 'paid', `${describe(plan, interval)} renewal`, end, `lin_${sub.subscriptionId}_${end.getTime()}`);
        end = addInterval(end, interval);
      }
      return {
        id,
        type: 'subscription.updated',
        at: t,
        subscription: snapshot(sub, { plan, interval, status: 'active', currentPeriodEnd: end, scheduled: null }),
      };
    },
  };
}
