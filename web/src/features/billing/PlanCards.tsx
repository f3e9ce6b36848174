import { Check } from 'lucide-react';
import {
  FREE_TRIAL_DAYS,
  PLANS,
  formatUsd,
  planButtonLabel,
  yearlySaving,
  type BillingInterval,
  type HeldPlan,
  type PaidPlanId,
  type PlanDefinition,
  type PricingResponse,
  formatCount,
} from '@cofounder/shared';
import { AppLink } from '../layout/navigation.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { planName, priceView } from './format.ts';
import { btn } from './ui.ts';

const amount = (n: number | null, unit: string) =>
  n === null ? `Unlimited ${unit}` : `${formatCount(n)} ${unit}`;

/** The plan's limits as a card lists them. */
function planFeatures(plan: PlanDefinition): string[] {
  const list = [
    `${amount(plan.messagesPerMonth, 'messages')} per month`,
    `${amount(plan.tasksPerMonth, 'tasks')} per month`,
    `${amount(plan.voiceMinutesPerMonth, 'voice minutes')} per month`,
  ];
  if (plan.builderFeatures) list.push('Phone Integration', 'Investor Outreach');
  return list;
}

function FeatureList({ plan }: { plan: PlanDefinition }) {
  return (
    <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-600 dark:text-slate-300">
      {planFeatures(plan).map((f) => (
        <li key={f} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-hidden="true" />
          {f}
        </li>
      ))}
    </ul>
  );
}

const cardClass = 'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-950';

/** The Free Trial card: $0 for FREE_TRIAL_DAYS days; Get Started registers (or opens the dashboard). */
export function FreeTrialCard({ signedIn }: { signedIn: boolean }) {
  const plan = PLANS.free_trial;
  return (
    <article
      aria-labelledby="plan-free_trial"
      className={`${cardClass} border-slate-200 dark:border-slate-800`}
    >
      <h3 id="plan-free_trial" className="text-lg font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold text-slate-900 dark:text-white">{formatUsd(0)}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">for {FREE_TRIAL_DAYS} days</span>
      </p>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Try your co-founder, no card needed.</p>
      <FeatureList plan={plan} />
      <AppLink to={signedIn ? '/dashboard' : '/register'} className={`${btn.secondary} mt-6 w-full`}>
        Get Started
      </AppLink>
    </article>
  );
}

/** One paid plan: price for the interval, the yearly saving, its limits and the choice button. */
export function PaidPlanCard({
  plan,
  interval,
  pricing,
  held,
  loading,
  onChoose,
}: {
  plan: PaidPlanId;
  interval: BillingInterval;
  pricing: PricingResponse['pricing'] | undefined;
  held: HeldPlan | null;
  loading: boolean;
  onChoose: (plan: PaidPlanId) => void;
}) {
  const price = priceView(pricing, plan, interval);
  const label = planButtonLabel(held, plan, interval, loading);
  const bestValue = plan === 'scale';
  const name = planName(pricing, plan);
  return (
    <article
      aria-labelledby={`plan-${plan}`}
      className={`${cardClass} ${bestValue ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200 dark:border-slate-800'}`}
    >
      {bestValue && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">
          Best Value
        </span>
      )}
      <h3 id={`plan-${plan}`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold text-slate-900 dark:text-white">{price.price}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">{price.per}</span>
      </p>
      <p className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
        {interval === 'monthly'
          ? `Switch to yearly to save ${formatUsd(yearlySaving(plan))}`
          : `${price.monthlyEquivalent}/month, billed yearly`}
      </p>
      <FeatureList plan={PLANS[plan]} />
      <button
        type="button"
        className={`${label === 'Current Plan' ? btn.secondary : bestValue || label === 'Upgrade' ? btn.primary : btn.secondary} mt-6 w-full`}
        // Current Plan stays clickable: choosing it again says the user is already subscribed (spec 1 §4).
        disabled={label === 'Loading...'}
        aria-label={`${label}: ${name}`}
        onClick={() => onChoose(plan)}
      >
        {label === 'Loading...' && <Spinner />}
        {label}
      </button>
    </article>
  );
}
