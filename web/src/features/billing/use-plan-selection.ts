import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  ApiError,
  BILLING,
  isCheckoutAuthError,
  isPaidPlan,
  planChoice,
  type BillingInterval,
  type HeldPlan,
  type PaidPlanId,
  type PricingResponse,
} from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import type { LoginRedirectState } from '../auth/guards.tsx';
import { rememberReturnTo } from '../auth/return-to.ts';
import { useAppNavigate } from '../layout/navigation.tsx';
import type { DowngradeTarget } from './DowngradeDialog.tsx';
import { planName, priceView } from './format.ts';

const NETWORK_ERROR_TEXT = 'Network error. Please check your connection and try again.';

/** Where the browser goes; a seam so tests can watch the redirect to the checkout. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * The pricing page's plan choice (spec 1 §4 "Checkout plan choice", §8 "Pricing and checkout"): anonymous visitors
 * sign in first and come back here; otherwise checkout, the downgrade dialog, or the already-subscribed alert.
 */
export function usePlanSelection({
  signedIn,
  held,
  interval,
  pricing,
}: {
  signedIn: boolean;
  held: HeldPlan | null;
  interval: BillingInterval;
  pricing: PricingResponse['pricing'] | undefined;
}) {
  const api = useApi();
  const navigate = useAppNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [downgradeTarget, setDowngradeTarget] = useState<DowngradeTarget | null>(null);
  const checkout = useMutation({
    mutationFn: (plan: PaidPlanId) =>
      api.createCheckoutSession({
        planName: plan,
        interval,
        priceId: priceView(pricing, plan, interval).priceId,
        successUrl: `${window.location.origin}/subscription/success`,
        cancelUrl: `${window.location.origin}/subscription/failed`,
      }),
  });

  function toLogin() {
    rememberReturnTo('/pricing');
    const state: LoginRedirectState = { from: { pathname: '/pricing', search: '', hash: '' } };
    void navigate('/login', { state });
  }

  function choose(plan: string) {
    setNotice(null);
    if (!isPaidPlan(plan)) return setNotice(BILLING.invalidPlanText);
    if (!signedIn) return toLogin();
    const choice = planChoice(held, plan, interval);
    if (choice === 'already_subscribed') return setNotice(BILLING.alreadySubscribedText);
    if (choice === 'downgrade') return setDowngradeTarget({ plan, interval, name: planName(pricing, plan) });
    checkout.mutate(plan, {
      // The page stays in "Loading..." until the browser has left for the checkout.
      onSuccess: ({ url }) => browser.assign(url),
      onError: (error) => {
        if (error instanceof ApiError) {
          if (error.status === 401 || isCheckoutAuthError(error.message)) return toLogin();
          return setNotice(error.message);
        }
        setNotice(NETWORK_ERROR_TEXT);
      },
    });
  }

  return {
    choose,
    notice,
    dismissNotice: () => setNotice(null),
    /** The plan whose checkout is starting (its button reads "Loading..."). */
    startingPlan: checkout.isPending || checkout.isSuccess ? (checkout.variables ?? null) : null,
    downgradeTarget,
    closeDowngrade: () => setDowngradeTarget(null),
  };
}
