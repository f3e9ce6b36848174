import type { Logger } from 'pino';
import {
  BILLING,
  PAID_PLAN_IDS,
  PLAN_RANK,
  PLANS,
  formatUsd,
  monthlyEquivalent,
  planChange,
  planPrice,
  type BillingInterval,
  type ChangePlanResponse,
  type CreateCheckoutResponse,
  type DowngradeResponse,
  type InvoicesResponse,
  type LocalCheckoutDecision,
  type LocalCheckoutResult,
  type LocalCheckoutSession,
  type PaidPlanId,
  type PortalResponse,
  type PricingResponse,
  type SubscriptionActionResponse,
  type SubscriptionStatusResponse,
  type ValidateSessionResponse,
} from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { SubscriptionRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { BillingProviderError, type BillingEvent, type StoredSubscription } from '../../providers/billing/port.ts';
import type { AnyBillingProvider } from '../../providers/billing/registry.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { resumeAfterUpgrade } from '../tasks/tasks.service.ts';
import { planState } from '../usage/usage.service.ts';
import { applyBillingEvent, storeCustomer, subscriptionOf, type ApplyOutcome, type SyncEvent } from './billing.repo.ts';
import { grantedPlan } from './plan.ts';
import { requireOwned } from '../../http/access.ts';

const NO_SUBSCRIPTION = 'You have no active subscription to change. Choose a plan on the pricing page.';

/** A provider refusal as the API's error (its message is safe: it carries no secret). */
function providerError(err: unknown): never {
  if (err instanceof BillingProviderError) {
    if (err.kind === 'not_found') throw new AppError('not_found', err.message);
    if (err.kind === 'invalid') throw new AppError('bad_request', err.message);
    throw new AppError('ai_unavailable', err.message);
  }
  throw err;
}

async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return providerError(err);
  }
}

const dateText = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export interface BillingServiceDeps {
  db: Db;
  now: () => number;
  provider: AnyBillingProvider;
  log: Logger;
  /** Runs the tasks a new plan unpauses (investor research below Builder); null: no worker in this process. */
  queue: TaskQueue | null;
}

/** Plans, checkout, changes and the events that write the subscription row (Stripe webhooks or the local checkout). */
export function createBillingService({ db, now, provider, log, queue }: BillingServiceDeps) {
  const at = () => new Date(now());

  async function apply(event: BillingEvent | SyncEvent): Promise<ApplyOutcome> {
    const outcome = await applyBillingEvent(db, provider.kind, event);
    if (outcome.result !== 'applied') return outcome;
    const plan = grantedPlan(await subscriptionOf(db, outcome.userId), at());
    if (plan) await resumeAfterUpgrade(db, queue, outcome.userId, plan, at());
    if (outcome.replaced) {
      // A checkout replaced a plan the user still paid for (an upgrade through checkout): end the old one.
      try {
        await provider.cancelReplaced(outcome.replaced);
      } catch (err) {
        log.error({ err, subscriptionId: outcome.replaced }, 'could not cancel a replaced subscription');
      }
    }
    return outcome;
  }

  /** The user's row; the local provider rolls its period over here, lazily (Stripe does it on its own). */
  async function stored(userId: string): Promise<SubscriptionRow | null> {
    const row = await subscriptionOf(db, userId);
    if (!row || provider.kind !== 'local' || row.provider !== 'local') return row;
    const event = await provider.rollOver(row);
    if (!event) return row;
    await apply(event);
    return subscriptionOf(db, userId);
  }

  /** The row of a subscription that still grants its plan (a change needs one), else 409. */
  async function activeSubscription(userId: string): Promise<StoredSubscription & { plan: PaidPlanId; interval: BillingInterval }> {
    const row = await stored(userId);
    const held = grantedPlan(row, at());
    if (!row || !held || !row.subscriptionId || !row.plan || !row.interval || row.provider !== provider.kind) {
      throw new AppError('conflict', NO_SUBSCRIPTION);
    }
    return { ...row, plan: row.plan, interval: row.interval };
  }

  /** The downgrade a subscription row holds for its period end, if any. */
  const pendingChange = (sub: StoredSubscription) =>
    sub.scheduledPlan && sub.scheduledInterval ? { plan: sub.scheduledPlan, interval: sub.scheduledInterval } : null;

  const sync = (userId: string, subscription: SyncEvent['subscription']) =>
    provider.kind === 'local'
      ? apply({ id: `levt_${crypto.randomUUID()}`, type: 'subscription.updated', at: at(), subscription: { ...subscription, userId } })
      : apply({ id: null, type: 'sync', at: at(), userId, subscription });

  async function customerFor(userId: string, email: string): Promise<string> {
    const row = await subscriptionOf(db, userId);
    if (row && row.provider === provider.kind) return row.customerId;
    const customerId = await guard(() => provider.createCustomer(userId, email));
    return storeCustomer(db, userId, provider.kind, customerId, at());
  }

async function downgrade(userId: string, plan: PaidPlanId, interval: BillingInterval): Promise<DowngradeResponse> {
    const sub = await activeSubscription(userId);
    if (PLAN_RANK[plan] >= PLAN_RANK[sub.plan]) {
      throw new AppError('bad_request', `You can only downgrade to a plan below ${PLANS[sub.plan].name}`, 'targetPlan');
    }
    const snapshot = await guard(() => provider.scheduleChange(sub, plan, interval));
    await sync(userId, snapshot);
    const effective = snapshot.currentPeriodEnd ?? sub.currentPeriodEnd ?? at();
    return {
      success: true,
      message: `Your plan will change to ${PLANS[plan].name} on ${dateText(effective)}. Your ${PLANS[sub.plan].name} features stay active until then.`,
      effectiveDate: effective.toISOString(),
    };
  }

  return {
    provider,
    apply,

    pricing(): PricingResponse {
      const option = (plan: PaidPlanId, interval: BillingInterval) => ({
        priceId: provider.priceId(plan, interval),
        displayPrice: formatUsd(planPrice(plan, interval)),
      });
      const pricing = Object.fromEntries(
        PAID_PLAN_IDS.map((plan) => [
          plan,
          {
            name: PLANS[plan].name,
            monthly: option(plan, 'monthly'),
            yearly: { ...option(plan, 'yearly'), monthlyEquivalent: formatUsd(monthlyEquivalent(plan)) },
          },
        ]),
      ) as PricingResponse['pricing'];
      return { success: true, pricing };
    },

    async status(userId: string): Promise<SubscriptionStatusResponse> {
      const row = await stored(userId);
      const state = await planState(db, userId, at());
      const paid = state.paid && row !== null;
      const t = at();
      const ended = row?.currentPeriodEnd ? row.currentPeriodEnd <= t : false;
      const interval = paid ? (ended && row.scheduledInterval ? row.scheduledInterval : row.interval) : null;
      const pending = paid && !ended && row.scheduledPlan && row.scheduledInterval && row.currentPeriodEnd;
      return {
        success: true,
        hasSubscription: paid,
        plan: state.plan,
        planName: PLANS[state.plan].name,
        interval,
        status: paid ? row.status : null,
        cancelAtPeriodEnd: paid ? row.cancelAtPeriodEnd : false,
        nextBillingDate: paid && row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
        scheduledChange: pending
          ? { plan: row.scheduledPlan!, interval: row.scheduledInterval!, effectiveDate: row.currentPeriodEnd!.toISOString() }
          : null,
        trialEndsAt: paid ? null : state.trialEndsAt.toISOString(),
        trialExpired: state.trialExpired,
        provider: provider.kind,
      };
    },

    async checkout(user: { id: string; email: string }, plan: PaidPlanId, interval: BillingInterval): Promise<CreateCheckoutResponse> {
      const row = await stored(user.id);
      const held = grantedPlan(row, at());
      if (held === plan && row?.interval === interval) throw new AppError('conflict', BILLING.alreadySubscribedText);
      const customerId = await customerFor(user.id, user.email);
      const session = await guard(() => provider.createCheckout({ userId: user.id, customerId, plan, interval }));
      return { success: true, url: session.url, sessionId: session.sessionId };
    },

    async validateSession(userId: string, sessionId: string): Promise<ValidateSessionResponse> {
      const session = await guard(() => provider.checkoutSession(sessionId));
      // Another account's session answers as a missing one does: a session id tells nobody whose it is.
      if (!session || session.userId !== userId) return { success: true, valid: false, error: BILLING.sessionNotFoundText };
      if (!session.complete) return { success: true, valid: false, error: 'Payment has not completed for this checkout session' };
      const row = await subscriptionOf(db, userId);
      if (session.subscription && row?.subscriptionId !== session.subscription.subscriptionId) {
        // The success page came before the webhook (or no webhook reaches this server): store the plan now.
        await apply({ id: null, type: 'sync', at: at(), userId, subscription: session.subscription });
      }
      return {
        success: true,
        valid: true,
        ...(session.plan ? { plan: session.plan } : {}),
        ...(session.interval ? { interval: session.interval } : {}),
      };
    },

    async changePlan(userId: string, plan: PaidPlanId, interval: BillingInterval): Promise<ChangePlanResponse> {
      const sub = await activeSubscription(userId);
      const kind = planChange(sub.plan, sub.interval, plan, interval);
      if (kind === 'same') throw new AppError('bad_request', BILLING.alreadySubscribedText);
      if (kind === 'downgrade') {
        const result = await downgrade(userId, plan, interval);
        return { success: true, message: result.message, kind, effectiveDate: result.effectiveDate };
      }
      const snapshot = await guard(() => provider.changeNow(sub, plan, interval));
      await sync(userId, snapshot);
      return { success: true, message: `Successfully changed to ${PLANS[plan].name} plan`, kind, effectiveDate: at().toISOString() };
    },

    downgrade,

    async cancel(userId: string): Promise<SubscriptionActionResponse> {
      const sub = await activeSubscription(userId);
      if (sub.cancelAtPeriodEnd) throw new AppError('conflict', 'Your subscription is already set to cancel at the end of the period.');
      const snapshot = await guard(() => provider.setCancelAtPeriodEnd(sub, true));
      // The provider drops a pending downgrade with the cancellation; the row keeps it so Reactivate restores it.
      await sync(userId, { ...snapshot, scheduled: pendingChange(sub) });
      const end = snapshot.currentPeriodEnd ?? sub.currentPeriodEnd;
      return { success: true, message: 'Subscription will cancel at end of period', effectiveDate: end?.toISOString() ?? null };
    },

    async reactivate(userId: string): Promise<SubscriptionActionResponse> {
      const sub = await activeSubscription(userId);
      const pending = pendingChange(sub);
      if (!sub.cancelAtPeriodEnd && !pending) throw new AppError('conflict', 'Your subscription is already active.');
      const resumed = await guard(() => provider.setCancelAtPeriodEnd(sub, false));
      if (!sub.cancelAtPeriodEnd && pending) {
        // Nothing to take back but the downgrade: undoing it keeps the current plan.
        await sync(userId, resumed);
        return { success: true, message: BILLING.changeUndoneText(PLANS[sub.plan].name, PLANS[pending.plan].name), effectiveDate: null };
      }
      const again = `Your ${PLANS[sub.plan].name} subscription is active again`;
      if (!pending) {
        await sync(userId, resumed);
        return { success: true, message: again, effectiveDate: null };
      }
      // Taking the cancellation back restores the downgrade the cancellation had put aside.
      const back: StoredSubscription = {
        ...sub,
        status: resumed.status,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: resumed.currentPeriodEnd ?? sub.currentPeriodEnd,
        scheduledPlan: null,
        scheduledInterval: null,
      };
      const snapshot = await guard(() => provider.scheduleChange(back, pending.plan, pending.interval));
      await sync(userId, snapshot);
      const effective = snapshot.currentPeriodEnd ?? sub.currentPeriodEnd ?? at();
      return {
        success: true,
        message: `${again}. It changes to ${PLANS[pending.plan].name} on ${dateText(effective)}, as scheduled.`,
        effectiveDate: effective.toISOString(),
      };
    },

    async portal(user: { id: string; email: string }): Promise<PortalResponse> {
      if (provider.kind === 'local') return { success: true, url: await provider.portalUrl('') };
      const row = await subscriptionOf(db, user.id);
      if (!row || row.provider !== provider.kind) throw new AppError('conflict', 'There is no billing account yet. Choose a plan first.');
      return { success: true, url: await guard(() => provider.portalUrl(row.customerId)) };
    },

    async invoices(userId: string, limit: number): Promise<InvoicesResponse> {
      const row = await stored(userId);
      const customerId = row && row.provider === provider.kind ? row.customerId : null;
      const list = await guard(() => provider.invoices(customerId, userId, limit));
      return { success: true, ...list };
    },

    async localSession(userId: string, sessionId: string): Promise<LocalCheckoutSession> {
      if (provider.kind !== 'local') throw new AppError('not_found', 'Not found');
      const session = requireOwned(await provider.session(sessionId), userId, BILLING.sessionNotFoundText);
      return {
        success: true,
        session: {
          id: session.id,
          plan: session.plan,
          planName: PLANS[session.plan].name,
          interval: session.interval,
          amount: session.amount,
          displayPrice: session.displayPrice,
          status: session.status,
        },
      };
    },

    async decideLocal(user: { id: string; email: string }, sessionId: string, decision: LocalCheckoutDecision): Promise<LocalCheckoutResult> {
      if (provider.kind !== 'local') throw new AppError('not_found', 'Not found');
      const session = requireOwned(await provider.session(sessionId), user.id, BILLING.sessionNotFoundText);
      const id = encodeURIComponent(session.id);
      const failed = (reason: string) => ({ success: true as const, redirectUrl: `/subscription/failed?session_id=${id}&error=${reason}` });
      if (session.status === 'expired') return failed('session_expired');
      const notOpen = () => new AppError('conflict', `This checkout session is already ${session.status === 'open' ? 'finished' : session.status}.`);
      if (session.status !== 'open') throw notOpen();
      if (decision.action === 'decline') {
        if (!(await provider.decline(session, decision.reason))) throw notOpen();
        return failed(decision.reason);
      }
      const customerId = await customerFor(user.id, user.email);
      const event = await provider.pay(session, customerId);
      if (!event) throw notOpen();
      await apply(event);
      return { success: true, redirectUrl: `/subscription/success?session_id=${id}` };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
