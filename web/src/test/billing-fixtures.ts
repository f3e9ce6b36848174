import type { PricingResponse, SubscriptionStatusResponse } from '@cofounder/shared';

/** GET /api/stripe/pricing as the local provider answers it. */
export const PRICING: PricingResponse = {
  success: true,
  pricing: {
    starter: {
      name: 'Starter',
      monthly: { priceId: 'local_starter_monthly', displayPrice: '$29' },
      yearly: { priceId: 'local_starter_yearly', displayPrice: '$278', monthlyEquivalent: '$23.17' },
    },
    builder: {
      name: 'Builder',
      monthly: { priceId: 'local_builder_monthly', displayPrice: '$79' },
      yearly: { priceId: 'local_builder_yearly', displayPrice: '$758', monthlyEquivalent: '$63.17' },
    },
    scale: {
      name: 'Scale',
      monthly: { priceId: 'local_scale_monthly', displayPrice: '$199' },
      yearly: { priceId: 'local_scale_yearly', displayPrice: '$1,910', monthlyEquivalent: '$159.17' },
    },
  },
};

/** A founder still on the free trial (no subscription). */
export const TRIAL_STATUS: SubscriptionStatusResponse = {
  success: true,
  hasSubscription: false,
  plan: 'free_trial',
  planName: 'Free Trial',
  interval: null,
  status: null,
  cancelAtPeriodEnd: false,
  nextBillingDate: null,
  scheduledChange: null,
  trialEndsAt: '2025-03-12T10:00:00.000Z',
  trialExpired: false,
  provider: 'local',
};

/** A paying founder on `plan` (active, monthly unless told). */
export function paidStatus(
  plan: 'starter' | 'builder' | 'scale',
  extra: Partial<SubscriptionStatusResponse> = {},
): SubscriptionStatusResponse {
  const names = { starter: 'Starter', builder: 'Builder', scale: 'Scale' } as const;
  return {
    ...TRIAL_STATUS,
    hasSubscription: true,
    plan,
    planName: names[plan],
    interval: 'monthly',
    status: 'active',
    nextBillingDate: '2025-04-01T00:00:00.000Z',
    trialEndsAt: null,
    ...extra,
  };
}
