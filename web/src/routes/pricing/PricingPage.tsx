import { lazy, Suspense, useState } from 'react';
import { X } from 'lucide-react';
import {
  PAID_PLAN_IDS,
  formatUsd,
  yearlySaving,
  type BillingInterval,
  type HeldPlan,
} from '@cofounder/shared';
import { usePricing } from '../../data/billing/use-pricing.ts';
import { useSubscriptionStatus } from '../../data/billing/use-subscription-status.ts';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { ComparisonTable } from '../../features/billing/ComparisonTable.tsx';
import { IntervalToggle } from '../../features/billing/IntervalToggle.tsx';
import { LocalBillingNotice } from '../../features/billing/LocalBillingNotice.tsx';
import { LogoCarousel } from '../../features/billing/LogoCarousel.tsx';
import { FreeTrialCard, PaidPlanCard } from '../../features/billing/PlanCards.tsx';
import { usePlanSelection } from '../../features/billing/use-plan-selection.ts';

// Only a signed-in founder can downgrade: the dialog (and Radix's) loads with their page, not a visitor's.
const DowngradeDialog = lazy(() =>
  import('../../features/billing/DowngradeDialog.tsx').then((m) => ({ default: m.DowngradeDialog })),
);

export const STATIC_PRICING_TEXT = 'Live prices could not be loaded, so these are our standard prices.';

/** /pricing (spec 1 §2 "Pricing page"): interval toggle, the four plans, logos, comparison, downgrade dialog. */
export function PricingPage() {
  const { user, loading: authLoading } = useAuth();
  const userId = user?.id ?? null;
  const pricing = usePricing();
  const status = useSubscriptionStatus(userId);
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const held: HeldPlan | null = status.data
    ? { hasSubscription: status.data.hasSubscription, plan: status.data.plan, interval: status.data.interval }
    : null;
  const statusLoading = authLoading || (userId !== null && status.isPending);
  const selection = usePlanSelection({
    signedIn: userId !== null,
    held,
    interval,
    pricing: pricing.data?.pricing,
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <div className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">Pricing</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-400">
          Start free, then pick the plan that keeps up with your startup.
        </p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <IntervalToggle value={interval} onChange={setBillingInterval} yearlyLabel="Annual" />
          {interval === 'monthly' && (
            <button
              type="button"
              onClick={() => setBillingInterval('yearly')}
              className="text-sm font-medium text-emerald-700 underline-offset-2 hover:underline dark:text-emerald-400"
            >
              Switch to yearly to save {formatUsd(yearlySaving('builder'))} on Builder
            </button>
          )}
        </div>
      </div>

      <div className="mx-auto mt-8 max-w-3xl space-y-3">
        <LocalBillingNotice />
        {pricing.isError && (
          <FormBanner tone="error">
            <p>{STATIC_PRICING_TEXT}</p>
          </FormBanner>
        )}
        {selection.notice && (
          <FormBanner tone="error">
            <div className="flex items-start justify-between gap-3">
              <p>{selection.notice}</p>
              <button type="button" aria-label="Dismiss" onClick={selection.dismissNotice}>
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          </FormBanner>
        )}
      </div>

      <section aria-labelledby="plans-heading" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {/* The plan cards' names are h3s: this h2 keeps the outline from jumping from the page's h1 (issue 26). */}
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <FreeTrialCard signedIn={userId !== null} />
        {PAID_PLAN_IDS.map((plan) => (
          <PaidPlanCard
            key={plan}
            plan={plan}
            interval={interval}
            pricing={pricing.data?.pricing}
            held={held}
            loading={statusLoading || pricing.isPending || selection.startingPlan === plan}
            onChoose={selection.choose}
          />
        ))}
      </section>

      <LogoCarousel />
      <ComparisonTable />
      {userId && (
        <Suspense fallback={null}>
          <DowngradeDialog
            userId={userId}
            target={selection.downgradeTarget}
            onClose={selection.closeDowngrade}
          />
        </Suspense>
      )}
    </div>
  );
}
