import {
  BILLING,
  GATED_FEATURES,
  PAID_PLAN_IDS,
  PLAN_RANK,
  PLANS,
  type BillingInterval,
  type CheckoutFailureReason,
  type GatedFeature,
  type PaidPlanId,
  type PlanId,
} from '../constants.ts';

/** The price of a paid plan for one interval, in whole dollars. */
export function planPrice(plan: PaidPlanId, interval: BillingInterval): number {
  const def = PLANS[plan];
  return interval === 'monthly' ? def.monthlyPrice : (def.yearlyPrice ?? def.monthlyPrice * 12);
}

/** Yearly price spread over 12 months, to the cent. */
export const monthlyEquivalent = (plan: PaidPlanId): number => Math.round((planPrice(plan, 'yearly') / 12) * 100) / 100;

/** Spec 1 §2: "Switch to yearly to save $X", X = 12 × monthly − yearly. */
export const yearlySaving = (plan: PaidPlanId): number => PLANS[plan].monthlyPrice * 12 - planPrice(plan, 'yearly');

export const isPaidPlan = (plan: string): plan is PaidPlanId => (PAID_PLAN_IDS as readonly string[]).includes(plan);

/** What the caller holds, as the pricing page sees it (null: still loading). */
export interface HeldPlan {
  hasSubscription: boolean;
  plan: PlanId | null;
  interval: BillingInterval | null;
}

export type PlanChoice = 'checkout' | 'downgrade' | 'already_subscribed';

/** Spec 1 §4 "Checkout plan choice": what choosing `target` leads to. */
export function planChoice(held: HeldPlan | null, target: PaidPlanId, interval: BillingInterval): PlanChoice {
  if (!held?.hasSubscription || !held.plan || !isPaidPlan(held.plan)) return 'checkout';
  const from = PLAN_RANK[held.plan];
  const to = PLAN_RANK[target];
  if (to > from) return 'checkout';
  if (to < from) return 'downgrade';
  return held.interval === interval ? 'already_subscribed' : 'checkout';
}

export type PlanButtonLabel = 'Loading...' | 'Current Plan' | 'Downgrade' | 'Upgrade' | 'Get Started';

/** Spec 1 §4: the plan card's button (loading: the status is still being read, or a checkout is starting). */
export function planButtonLabel(
  held: HeldPlan | null,
  target: PaidPlanId,
  interval: BillingInterval,
  loading: boolean,
): PlanButtonLabel {
  if (loading) return 'Loading...';
  if (!held?.hasSubscription || !held.plan || !isPaidPlan(held.plan)) return 'Get Started';
  const choice = planChoice(held, target, interval);
  if (choice === 'already_subscribed') return 'Current Plan';
  if (choice === 'downgrade') return 'Downgrade';
  return PLAN_RANK[target] > PLAN_RANK[held.plan] ? 'Upgrade' : 'Get Started';
}

export type PlanChange = 'upgrade' | 'downgrade' | 'interval' | 'same';

/** Change Plan (spec 2 §5): moving up applies now, down waits for the period end, same plan is an interval change. */
export function planChange(
  from: PaidPlanId,
  fromInterval: BillingInterval,
  to: PaidPlanId,
  toInterval: BillingInterval,
): PlanChange {
  if (PLAN_RANK[to] > PLAN_RANK[from]) return 'upgrade';
  if (PLAN_RANK[to] < PLAN_RANK[from]) return 'downgrade';
  return fromInterval === toInterval ? 'same' : 'interval';
}

/** Spec 2 §5: Confirm Change is enabled only for a selected plan other than the current one. */
export const canConfirmPlanChange = (current: PlanId, selected: PaidPlanId | null): boolean =>
  selected !== null && selected !== current;

/** Spec 2 §6: whether the plan opens a gated feature. */
export function planAllows(plan: PlanId, feature: GatedFeature): boolean {
  const required = GATED_FEATURES[feature].requiredPlan;
  return isPaidPlan(plan) && PLAN_RANK[plan] >= PLAN_RANK[required];
}

/** The gated feature an API path belongs to, if any. */
export function gatedFeatureOf(path: string): GatedFeature | null {
  for (const [feature, def] of Object.entries(GATED_FEATURES) as [GatedFeature, (typeof GATED_FEATURES)[GatedFeature]][]) {
    if (def.apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return feature;
  }
  return null;
}

/** /subscription/failed's wording per error value (spec 1 §2); unknown values get the generic text. */
export function checkoutFailureText(error: string | null): { title: string; message: string } {
  const reason = (BILLING.failureReasons as readonly string[]).includes(error ?? '')
    ? (error as CheckoutFailureReason)
    : error
      ? null
      : 'payment_failed';
  switch (reason) {
    case 'card_declined':
      return { title: 'Card Declined', message: 'Your card was declined. Please try a different payment method.' };
    case 'authentication_required':
      return {
        title: 'Authentication Required',
        message: 'Your bank needs you to confirm this payment. Please try again and complete the verification.',
      };
    case 'session_expired':
      return { title: 'Session Expired', message: 'Your checkout session expired. Please start again from the pricing page.' };
    case 'payment_failed':
      return { title: 'Payment Failed', message: 'We could not process your payment. No charge was made.' };
    default:
      return { title: 'Something Went Wrong', message: `Your checkout did not complete (${error}). No charge was made.` };
  }
}

/** Spec 1 §8: checkout errors about the token or session send the user to /login. */
export const isCheckoutAuthError = (message: string): boolean => /token|auth|invalid or expired/i.test(message);
