import type Stripe from 'stripe';
import {
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  PLANS,
  planPrice,
  type BillingInterval,
  type Invoice,
  type PaidPlanId,
  type SubscriptionStateId,
} from '@cofounder/shared';
import type { StripeConfig } from '../../config.ts';
import {
  BillingProviderError,
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
  type StoredSubscription,
  type SubscriptionSnapshot,
} from './port.ts';

type PriceKey = keyof StripeConfig['prices'];
const keyOf = (plan: PaidPlanId, interval: BillingInterval): PriceKey => `${plan}_${interval}`;
const stripeInterval = (interval: BillingInterval): 'month' | 'year' => (interval === 'monthly' ? 'month' : 'year');
/** Stripe's own default: a signed event is accepted this many seconds either side of now. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK refuses only timestamps older than the tolerance; one dated further ahead (a header captured from a
 * clock-skewed or forged-timestamp source and replayed later) is refused here the same way.
 */
function datedInFuture(signature: string): boolean {
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  return !Number.isFinite(timestamp) || timestamp - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS;
}

const isPlan = (v: unknown): v is PaidPlanId => typeof v === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(v);
const isInterval = (v: unknown): v is BillingInterval => typeof v === 'string' && (BILLING_INTERVALS as readonly string[]).includes(v);
const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);
const fromEpoch = (s: number | null | undefined): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);

/** Stripe's subscription statuses in the product's few (spec 2 §4). */
function stateOf(status: string): SubscriptionStateId {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

// The SDK (some 200 modules) loads with the first call to Stripe, not at start-up; until then no error can be its.
let sdk: typeof Stripe | null = null;
const isStripeError = (err: unknown): err is Stripe.errors.StripeError =>
  sdk !== null && err instanceof sdk.errors.StripeError;

/** Maps a Stripe error (network, refusal) to the provider error the service turns into a 4xx/5xx. */
function translate(err: unknown): never {
  if (isStripeError(err)) {
    if (err.statusCode === 404) throw new BillingProviderError(err.message, 'not_found');
    if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 401 && err.statusCode !== 429) {
      throw new BillingProviderError(err.message, 'invalid');
    }
    throw new BillingProviderError('The payment provider is unavailable. Please try again.', 'unavailable');
  }
  throw err;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return translate(err);
  }
}

export interface StripeBillingProvider extends BillingProvider {
  readonly kind: 'stripe';
  /** Verifies a webhook on its raw body and translates it; null for an event type the product ignores. */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<BillingEvent | null>;
}

/** Billing through the Stripe SDK (optionally pointed at a fake by STRIPE_API_BASE_URL). */
export function createStripeBilling(config: StripeConfig, publicUrl: string): StripeBillingProvider {
  let client: Promise<Stripe> | null = null;
  const stripe = () =>
    (client ??= import('stripe').then(({ default: Sdk }) => {
      sdk = Sdk;
      return new Sdk(config.secretKey, {
        ...(config.apiBase ?? {}),
        maxNetworkRetries: 1,
        timeout: 20_000,
        appInfo: { name: 'cofounder' },
      });
    }));
  const planByPrice = new Map<string, { plan: PaidPlanId; interval: BillingInterval }>();
  for (const plan of PAID_PLAN_IDS) {
    for (const interval of BILLING_INTERVALS) {
      const id = config.prices[keyOf(plan, interval)];
      if (id) planByPrice.set(id, { plan, interval });
    }
  }

  const priceData = (plan: PaidPlanId, interval: BillingInterval) => ({
    currency: 'usd',
    unit_amount: planPrice(plan, interval) * 100,
    recurring: { interval: stripeInterval(interval) },
  });

  function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
    const item = sub.items.data[0];
    const price = item?.price;
    const known = price ? planByPrice.get(price.id) : undefined;
    const meta = sub.metadata ?? {};
    const plan = known?.plan ?? (isPlan(meta.plan) ? meta.plan : null);
    const recurring = price?.recurring?.interval;
    const interval =
      known?.interval ?? (recurring === 'year' ? 'yearly' : recurring === 'month' ? 'monthly' : isInterval(meta.interval) ? meta.interval : null);
    const periodEnd =
      item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? null;
    return {
      customerId: idOf(sub.customer)!,
      subscriptionId: sub.id,
      plan,
      interval,
      status: stateOf(sub.status),
      cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      currentPeriodEnd: fromEpoch(periodEnd),
      // Stripe carries the schedule, not its next phase: a subscription without one has no pending downgrade,
      // except while it is set to cancel: the product then keeps the downgrade the cancellation put aside.
      scheduled: sub.schedule || sub.cancel_at_period_end === true ? undefined : null,
      userId: typeof meta.userId === 'string' ? meta.userId : null,
    };
  }

  /** The item of a subscription the product changes (it has one), with its price's product for price_data. */
  async function itemOf(subscriptionId: string) {
    const sub = await call(async () => (await stripe()).subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new BillingProviderError('The subscription has no item to change', 'invalid');
    return { sub, item, product: idOf(item.price.product as string | { id: string }) };
  }

  /** The price for a plan as a subscription item param: the configured id, else price_data on the item's product. */
  function itemPrice(plan: PaidPlanId, interval: BillingInterval, product: string | null) {
    const id = config.prices[keyOf(plan, interval)];
    if (id) return { price: id };
    if (!product) throw new BillingProviderError('No price is configured for this plan', 'invalid');
    return { price_data: { ...priceData(plan, interval), product } };
  }

  async function releaseSchedule(sub: Stripe.Subscription): Promise<void> {
    const scheduleId = idOf(sub.schedule as string | { id: string } | null);
    if (scheduleId) await call(async () => (await stripe()).subscriptionSchedules.release(scheduleId));
  }

  const requireSubscription = (sub: StoredSubscription): string => {
    if (!sub.subscriptionId) throw new BillingProviderError('There is no subscription to change', 'invalid');
    return sub.subscriptionId;
  };

  return {
    kind: 'stripe',

    priceId: (plan, interval) => config.prices[keyOf(plan, interval)] ?? `price_data:${plan}_${interval}`,

    async createCustomer(userId, email) {
      const customer = await call(async () => (await stripe()).customers.create({ email, metadata: { userId } }));
      return customer.id;
    },

    async createCheckout({ userId, customerId, plan, interval }) {
      const configured = config.prices[keyOf(plan, interval)];
      const metadata = { userId, plan, interval };
      const session = await call(async () =>
        (await stripe()).checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          metadata,
          subscription_data: { metadata },
          line_items: [
            configured
              ? { price: configured, quantity: 1 }
              : { price_data: { ...priceData(plan, interval), product_data: { name: `Cofounder ${PLANS[plan].name}` } }, quantity: 1 },
          ],
          success_url: `${publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${publicUrl}/subscription/failed?session_id={CHECKOUT_SESSION_ID}`,
        }),
      );
      if (!session.url) throw new BillingProviderError('The payment provider returned no checkout address', 'unavailable');
      return { url: session.url, sessionId: session.id };
    },

    async checkoutSession(sessionId) {
      // Only ids shaped like Stripe's reach the API (the id is put into the request path).
      if (!/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await (await stripe()).checkout.sessions.retrieve(sessionId);
      } catch (err) {
        if (isStripeError(err) && (err.statusCode === 404 || err.statusCode === 400)) return null;
        return translate(err);
      }
      const meta = session.metadata ?? {};
      const complete = session.status === 'complete';
      const subscriptionId = idOf(session.subscription as string | { id: string } | null);
      return {
        userId: session.client_reference_id ?? (typeof meta.userId === 'string' ? meta.userId : null),
        complete,
        subscription:
          complete && subscriptionId ? snapshotOf(await call(async () => (await stripe()).subscriptions.retrieve(subscriptionId))) : null,
        plan: isPlan(meta.plan) ? meta.plan : null,
        interval: isInterval(meta.interval) ? meta.interval : null,
      };
    },

    async changeNow(stored, plan, interval) {
      const { sub, item, product } = await itemOf(requireSubscription(stored));
      await releaseSchedule(sub);
      const updated = await call(async () =>
        (await stripe()).subscriptions.update(sub.id, {
          items: [{ id: item.id, ...itemPrice(plan, interval, product) }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          metadata: { userId: stored.userId, plan, interval },
        }),
      );
      return { ...snapshotOf(updated), scheduled: null };
    },

    async scheduleChange(stored, plan, interval) {
      const { sub, item, product } = await itemOf(requireSubscription(stored));
      const current = snapshotOf(sub);
      await releaseSchedule(sub);
      const schedule = await call(async () => (await stripe()).subscriptionSchedules.create({ from_subscription: sub.id }));
      const phase = schedule.phases[0];
      if (!phase) throw new BillingProviderError('The subscription schedule has no current phase', 'unavailable');
      const currentPrice = idOf(item.price as { id: string });
      await call(async () =>
        (await stripe()).subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            {
              items: [{ price: currentPrice!, quantity: 1 }],
              start_date: phase.start_date,
              end_date: phase.end_date,
            },
            {
              items: [{ ...itemPrice(plan, interval, product), quantity: 1 }],
              duration: { interval: stripeInterval(interval), interval_count: 1 },
              metadata: { userId: stored.userId, plan, interval },
            },
          ],
        }),
      );
      const after = await call(async () => (await stripe()).subscriptions.retrieve(sub.id));
      return { ...snapshotOf(after), plan: current.plan, interval: current.interval, scheduled: { plan, interval } };
    },

    async setCancelAtPeriodEnd(stored, cancel) {
      const subscriptionId = requireSubscription(stored);
      const sub = await call(async () => (await stripe()).subscriptions.retrieve(subscriptionId));
      // A subscription run by a schedule refuses cancel_at_period_end: drop the pending downgrade first.
      await releaseSchedule(sub);
      const updated = await call(async () => (await stripe()).subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
      return { ...snapshotOf(updated), scheduled: null };
    },

    async cancelReplaced(subscriptionId) {
      try {
        await (await stripe()).subscriptions.cancel(subscriptionId, { prorate: true });
      } catch (err) {
        // Already canceled or gone: nothing left to end.
        if (isStripeError(err) && (err.statusCode === 404 || err.statusCode === 400)) return;
        translate(err);
      }
    },

    async portalUrl(customerId) {
      const session = await call(async () =>
        (await stripe()).billingPortal.sessions.create({ customer: customerId, return_url: `${publicUrl}/dashboard/settings?tab=subscription` }),
      );
      return session.url;
    },

    async invoices(customerId, _userId, limit) {
      if (!customerId) return { invoices: [], hasMore: false };
      const list = await call(async () => (await stripe()).invoices.list({ customer: customerId, limit }));
      const invoices: Invoice[] = list.data.map((inv) => {
        const paidAt = inv.status_transitions?.paid_at ?? null;
        const known = ['paid', 'open', 'void', 'uncollectible'] as const;
        const status: Invoice['status'] = known.find((s) => s === inv.status) ?? 'open';
        return {
          id: inv.id ?? '',
          date: new Date((paidAt ?? inv.created) * 1000).toISOString(),
          amount: inv.status === 'paid' ? inv.amount_paid : inv.amount_due,
          currency: inv.currency,
          status,
          description: inv.description ?? inv.lines?.data?.[0]?.description ?? 'Subscription',
          url: inv.hosted_invoice_url ?? null,
        };
      });
      return { invoices, hasMore: list.has_more };
    },

    async parseWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = (await stripe()).webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw new WebhookSignatureError('Invalid webhook signature');
      }
      if (datedInFuture(signature)) throw new WebhookSignatureError('Webhook timestamp is outside the tolerance');
      const at = new Date(event.created * 1000);
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object as Stripe.Checkout.Session;
          if (session.mode !== 'subscription') return null;
          const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
          const customerId = idOf(session.customer as string | { id: string } | null);
          if (!userId || !customerId) return null;
          const subscriptionId = idOf(session.subscription as string | { id: string } | null);
          const subscription = subscriptionId ? snapshotOf(await call(async () => (await stripe()).subscriptions.retrieve(subscriptionId))) : null;
          return { id: event.id, type: 'checkout.completed', at, userId, customerId, subscription };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const snapshot = snapshotOf(event.data.object as Stripe.Subscription);
          const type =
            event.type === 'customer.subscription.created'
              ? 'subscription.created'
              : event.type === 'customer.subscription.updated'
                ? 'subscription.updated'
                : 'subscription.deleted';
          if (type === 'subscription.deleted') snapshot.status = 'canceled';
          return { id: event.id, type, at, subscription: snapshot };
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const invoice = event.data.object as Stripe.Invoice;
          const customerId = idOf(invoice.customer as string | { id: string } | null);
          if (!customerId) return null;
          const parentSub = invoice.parent?.subscription_details?.subscription ?? null;
          const subscriptionId =
            idOf(parentSub as string | { id: string } | null) ??
            idOf((invoice as unknown as { subscription?: string | null }).subscription ?? null);
          const periodEnd = fromEpoch(invoice.lines?.data?.[0]?.period?.end ?? null);
          return {
            id: event.id,
            type: event.type === 'invoice.paid' ? 'invoice.paid' : 'invoice.payment_failed',
            at,
            customerId,
            subscriptionId,
            periodEnd,
          };
        }
        default:
          return null;
      }
    },
  };
}
