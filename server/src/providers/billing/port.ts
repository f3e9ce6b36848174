import type { BillingInterval, Invoice, PaidPlanId, SubscriptionStateId } from '@cofounder/shared';

/** A provider's subscription as the product keeps it (one row per user in `subscriptions`). */
export interface SubscriptionSnapshot {
  customerId: string;
  subscriptionId: string;
  plan: PaidPlanId | null;
  interval: BillingInterval | null;
  status: SubscriptionStateId | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** A downgrade waiting for the period end; undefined leaves the stored one as it is, null clears it. */
  scheduled?: { plan: PaidPlanId; interval: BillingInterval } | null;
  /** The user the provider's metadata names, when it does. */
  userId?: string | null;
}

/**
 * The events both providers produce, already translated from the wire: Stripe's webhooks, or the local checkout.
 * `id` is the provider's event id (applied once); `at` the provider's time of the event (out-of-order rule).
 */
export type BillingEvent =
  | { id: string; type: 'checkout.completed'; at: Date; userId: string; customerId: string; subscription: SubscriptionSnapshot | null }
  | {
      id: string;
      type: 'subscription.created' | 'subscription.updated' | 'subscription.deleted';
      at: Date;
      subscription: SubscriptionSnapshot;
    }
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      at: Date;
      customerId: string;
      subscriptionId: string | null;
      periodEnd: Date | null;
    };

/** What the provider needs to know about the caller's stored subscription to change it. */
export interface StoredSubscription {
  userId: string;
  customerId: string;
  subscriptionId: string | null;
  plan: PaidPlanId | null;
  interval: BillingInterval | null;
  status: SubscriptionStateId | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  scheduledPlan: PaidPlanId | null;
  scheduledInterval: BillingInterval | null;
}

export interface CheckoutSessionInfo {
  /** Whose checkout it is (client_reference_id / metadata; local: the row's user). */
  userId: string | null;
  complete: boolean;
  plan: PaidPlanId | null;
  interval: BillingInterval | null;
  /** Stripe: the subscription a complete session created, as it is now (stored at once, not waiting for the webhook). */
  subscription?: SubscriptionSnapshot | null;
}

/** A billing provider's failure the caller may see (a refused card change, an unknown session). */
export class BillingProviderError extends Error {
  override name = 'BillingProviderError';
  constructor(
    message: string,
    readonly kind: 'not_found' | 'invalid' | 'unavailable',
  ) {
    super(message);
  }
}

/** Thrown by parseWebhook for a missing or wrong signature. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * Cards and subscriptions: Stripe, or the local checkout (no network, nothing charged). Methods that change a
 * subscription answer its new state; the billing service stores it (the same path as a webhook).
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  /** The price id shown by /pricing (Stripe: the configured id, or `price_data` when none; local: local_{plan}_{interval}). */
  priceId(plan: PaidPlanId, interval: BillingInterval): string;
  /** A customer for the user (Stripe: created once; the caller stores it and passes it back afterwards). */
  createCustomer(userId: string, email: string): Promise<string>;
  /** Starts a checkout; `url` is where the browser goes. */
  createCheckout(input: {
    userId: string;
    customerId: string;
    plan: PaidPlanId;
    interval: BillingInterval;
  }): Promise<{ url: string; sessionId: string }>;
  /** A checkout session, or null when the provider does not know it. */
  checkoutSession(sessionId: string): Promise<CheckoutSessionInfo | null>;
  /** Upgrade or interval change: applies now, prorated. */
  changeNow(sub: StoredSubscription, plan: PaidPlanId, interval: BillingInterval): Promise<SubscriptionSnapshot>;
  /** Downgrade: the new plan starts at the period end; until then the current plan stays. */
  scheduleChange(sub: StoredSubscription, plan: PaidPlanId, interval: BillingInterval): Promise<SubscriptionSnapshot>;
  /** Cancel at the period end (true) or take the cancellation back (false; also drops a pending downgrade). */
  setCancelAtPeriodEnd(sub: StoredSubscription, cancel: boolean): Promise<SubscriptionSnapshot>;
  /** Ends a subscription a newer checkout replaced (an upgrade through checkout), prorated, now. */
  cancelReplaced(subscriptionId: string): Promise<void>;
  /** Where Manage Billing goes. */
  portalUrl(customerId: string): Promise<string>;
  invoices(customerId: string | null, userId: string, limit: number): Promise<{ invoices: Invoice[]; hasMore: boolean }>;
}
