import { z } from 'zod';
import { BILLING, BILLING_INTERVALS, PAID_PLAN_IDS, PLAN_IDS, SUBSCRIPTION_STATES } from '../constants.ts';

// Billing at /api/stripe/... (spec 1 §3, §7 "Billing"; spec 2 §3, §7 "Settings and subscription"). The path segment
// is the card provider's name; with no Stripe key the server's local checkout answers the same calls.

export const PlanIdSchema = z.enum(PLAN_IDS);
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS);
export const BillingIntervalSchema = z.enum(BILLING_INTERVALS);
export const CheckoutFailureReasonSchema = z.enum(BILLING.failureReasons);
export const BillingProviderKind = z.enum(['stripe', 'local']);
export type BillingProviderKind = z.infer<typeof BillingProviderKind>;

const PriceOption = z.object({
  /** The provider's price id (Stripe `price_…`; local: `local_{plan}_{interval}`). Shown, never trusted back. */
  priceId: z.string(),
  /** e.g. "$29" per month, "$278" per year. */
  displayPrice: z.string(),
});

/** GET /api/stripe/pricing (no auth). */
export const PricingResponse = z.object({
  success: z.literal(true),
  pricing: z.record(
    PaidPlanIdSchema,
    z.object({
      name: z.string(),
      monthly: PriceOption,
      yearly: PriceOption.extend({ monthlyEquivalent: z.string() }),
    }),
  ),
});
export type PricingResponse = z.infer<typeof PricingResponse>;

export const SubscriptionState = z.enum(SUBSCRIPTION_STATES);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/** GET /api/stripe/subscription-status: the caller's plan as the subscription row says. */
export const SubscriptionStatusResponse = z.object({
  success: z.literal(true),
  /** A paid subscription that still grants its plan (active, past due, or canceled but paid to the period end). */
  hasSubscription: z.boolean(),
  /** The plan in force now: a paid plan, or free_trial. */
  plan: PlanIdSchema,
  planName: z.string(),
  interval: BillingIntervalSchema.nullable(),
  /** null on the free trial (spec 2 §4). */
  status: SubscriptionState.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** End of the paid period (renewal, or when a scheduled cancellation takes effect). */
  nextBillingDate: z.string().nullable(),
  /** A downgrade waiting for the period end. */
  scheduledChange: z
    .object({ plan: PaidPlanIdSchema, interval: BillingIntervalSchema, effectiveDate: z.string() })
    .nullable(),
  /** When the free trial ends (or ended); null for a paying user. */
  trialEndsAt: z.string().nullable(),
  /** The trial ended and no paid plan holds: sending and generating answer 402. */
  trialExpired: z.boolean(),
  provider: BillingProviderKind,
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;

/**
 * POST /api/stripe/create-checkout-session. The spec's body carries priceId, successUrl and cancelUrl; the server
 * ignores all three (it maps plan + interval to its own price and builds the return addresses on its own origin),
 * so a client can neither pick a price nor redirect a founder elsewhere.
 */
export const CreateCheckoutBody = z.object({
  planName: PaidPlanIdSchema,
  interval: BillingIntervalSchema,
  priceId: z.string().max(200).optional(),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
});
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBody>;
export const CreateCheckoutResponse = z.object({ success: z.literal(true), url: z.string(), sessionId: z.string() });
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponse>;

/** POST /api/stripe/validate-session: is this checkout the caller's, and paid? */
export const ValidateSessionBody = z.object({ sessionId: z.string().min(1).max(200) });
export type ValidateSessionBody = z.infer<typeof ValidateSessionBody>;
export const ValidateSessionResponse = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  plan: PaidPlanIdSchema.optional(),
  interval: BillingIntervalSchema.optional(),
  error: z.string().optional(),
});
export type ValidateSessionResponse = z.infer<typeof ValidateSessionResponse>;

/** POST /api/stripe/downgrade-subscription: takes effect at the period end (features stay until then). */
export const DowngradeBody = z.object({ targetPlan: PaidPlanIdSchema, targetInterval: BillingIntervalSchema });
export type DowngradeBody = z.infer<typeof DowngradeBody>;
export const DowngradeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  effectiveDate: z.string(),
});
export type DowngradeResponse = z.infer<typeof DowngradeResponse>;

/** POST /api/stripe/change-plan: upgrades (and interval changes) apply now with proration; downgrades wait. */
export const ChangePlanBody = z.object({ planName: PaidPlanIdSchema, interval: BillingIntervalSchema });
export type ChangePlanBody = z.infer<typeof ChangePlanBody>;
export const ChangePlanResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: z.enum(['upgrade', 'downgrade', 'interval']),
  /** When the new plan takes effect (now for an upgrade). */
  effectiveDate: z.string(),
});
export type ChangePlanResponse = z.infer<typeof ChangePlanResponse>;

/** POST /api/stripe/cancel-subscription and /reactivate-subscription. */
export const SubscriptionActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  effectiveDate: z.string().nullable(),
});
export type SubscriptionActionResponse = z.infer<typeof SubscriptionActionResponse>;

/** POST /api/stripe/create-portal-session: the provider's billing portal, opened in a new tab. */
export const PortalResponse = z.object({ success: z.literal(true), url: z.string() });
export type PortalResponse = z.infer<typeof PortalResponse>;

/** GET /api/stripe/invoices?limit=N: Payment History (Stripe invoices; local: the local checkout's payments). */
export const Invoice = z.object({
  id: z.string(),
  /** ISO date the invoice was paid (or created, when unpaid). */
  date: z.string(),
  /** In cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'void', 'uncollectible', 'failed']),
  description: z.string(),
  /** The provider's hosted invoice page, when there is one. */
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoicesResponse = z.object({ success: z.literal(true), invoices: z.array(Invoice), hasMore: z.boolean() });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;
export const InvoicesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(BILLING.historyPreview) });

/** GET /api/stripe/local-checkout/{sessionId}: the order /dev/checkout shows (local provider only). */
export const LocalCheckoutSession = z.object({
  success: z.literal(true),
  session: z.object({
    id: z.string(),
    plan: PaidPlanIdSchema,
    planName: z.string(),
    interval: BillingIntervalSchema,
    /** In cents, for the whole interval. */
    amount: z.number().int(),
    displayPrice: z.string(),
    status: z.enum(['open', 'complete', 'declined', 'expired']),
  }),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSession>;

/** POST /api/stripe/local-checkout/{sessionId}: Pay, or Decline with one of /subscription/failed's reasons. */
export const LocalCheckoutDecision = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pay') }),
  z.object({ action: z.literal('decline'), reason: CheckoutFailureReasonSchema }),
]);
export type LocalCheckoutDecision = z.infer<typeof LocalCheckoutDecision>;
/** Where the browser goes next: /subscription/success?session_id=… or /subscription/failed?session_id=…&error=…. */
export const LocalCheckoutResult = z.object({ success: z.literal(true), redirectUrl: z.string() });
export type LocalCheckoutResult = z.infer<typeof LocalCheckoutResult>;

/** POST /api/stripe/webhook: what became of a verified event (duplicates and stale events change nothing). */
export const StripeWebhookResponse = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'stale', 'ignored']),
});
export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponse>;

/** The 403 of a gated endpoint (spec 2 §6): the standard error body plus what to upgrade to. */
export const UpgradeRequiredBody = z.object({
  error: z.object({ code: z.literal('forbidden'), message: z.string() }),
  upgradeRequired: z.literal(true),
  plan: PaidPlanIdSchema,
  planName: z.string(),
});
export type UpgradeRequiredBody = z.infer<typeof UpgradeRequiredBody>;

/** The upgrade a failed call asks for (a 403 with upgradeRequired), or null for any other failure. */
export function readUpgradeRequired(error: unknown): UpgradeRequiredBody | null {
  const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : undefined;
  const parsed = UpgradeRequiredBody.safeParse(body);
  return parsed.success ? parsed.data : null;
}
