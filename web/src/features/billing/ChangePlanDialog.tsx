import { useEffect, useState } from 'react';
import {
  ApiError,
  BILLING,
  PAID_PLAN_IDS,
  PLANS,
  canConfirmPlanChange,
  planChange,
  type BillingInterval,
  type PaidPlanId,
  type PlanChange,
  formatCount,
} from '@cofounder/shared';
import { DIALOG_PANEL, DialogShell } from '@cofounder/shared/ui';
import { usePricing } from '../../data/billing/use-pricing.ts';
import { useChangePlan } from '../../data/billing/use-change-plan.ts';
import { ConfirmFooter } from './ConfirmFooter.tsx';
import { IntervalToggle } from './IntervalToggle.tsx';
import { intervalWord, planName, priceView } from './format.ts';

export const CHANGE_PLAN_TEXT = {
  failed: 'Failed to change plan. Please try again.',
  error: (msg: string) => `Error changing plan: ${msg}`,
  success: (plan: string) => `Successfully changed to ${plan} plan`,
};

const INFO: Record<Exclude<PlanChange, 'same'>, (plan: string, interval: BillingInterval) => string> = {
  upgrade: (plan) =>
    `Upgrading to ${plan} takes effect immediately. You are charged the prorated difference for the rest of this billing period.`,
  downgrade: (plan) =>
    `Downgrading to ${plan} takes effect at the end of your billing period. Current features stay active until then.`,
  interval: (_plan, interval) =>
    `Your plan stays the same and is billed ${intervalWord(interval)}. Changing the billing interval alone is done from Manage Billing.`,
};

/** The failure text of spec 2 §8 "Plans": the server's reason when it gave one. */
function changeErrorText(error: unknown): string {
  return error instanceof ApiError && error.message
    ? CHANGE_PLAN_TEXT.error(error.message)
    : CHANGE_PLAN_TEXT.failed;
}

/**
 * Settings → Change Plan (spec 2 §2, §5): the interval toggle, the paid plans, info about what the change does,
 * Confirm Change only for another plan. After a success the dialog shows the server's message and closes 1 s later.
 * Rendered only while open, so every opening starts from the current plan and interval with a fresh request.
 */
export function ChangePlanDialog({
  userId,
  onOpenChange,
  current,
  currentInterval,
}: {
  userId: string;
  onOpenChange: (open: boolean) => void;
  current: PaidPlanId;
  currentInterval: BillingInterval;
}) {
  const pricing = usePricing();
  const change = useChangePlan(userId);
  const [interval, setBillingInterval] = useState<BillingInterval>(currentInterval);
  const [selected, setSelected] = useState<PaidPlanId | null>(null);

  useEffect(() => {
    if (!change.isSuccess) return;
    const timer = setTimeout(() => onOpenChange(false), BILLING.changePlanCloseMs);
    return () => clearTimeout(timer);
  }, [change.isSuccess, onOpenChange]);

  const kind = selected ? planChange(current, currentInterval, selected, interval) : null;
  const busy = change.isPending || change.isSuccess;
  const canConfirm = canConfirmPlanChange(current, selected) && !busy;

  return (
    <DialogShell
      open
      onOpenChange={(next) => !change.isPending && onOpenChange(next)}
      className={`${DIALOG_PANEL} max-w-3xl`}
      title="Change Plan"
      titleClassName="text-xl font-semibold"
      description="Pick a plan and how often you want to pay."
      descriptionClassName="mt-1 text-sm text-slate-600 dark:text-slate-300"
    >
      <div className="mt-5 flex justify-center">
        <IntervalToggle value={interval} onChange={setBillingInterval} disabled={busy} />
      </div>
      <div role="radiogroup" aria-label="Plans" className="mt-5 grid gap-4 sm:grid-cols-3">
        {PAID_PLAN_IDS.map((plan) => {
          const price = priceView(pricing.data?.pricing, plan, interval);
          const isSelected = selected === plan;
          const isCurrent = plan === current;
          return (
            <button
              key={plan}
              type="button"
              role="radio"
              aria-checked={isSelected}
              disabled={busy}
              onClick={() => setSelected(plan)}
              className={`flex flex-col items-start rounded-xl border p-4 text-left transition focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 ${
                isSelected
                  ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500 dark:bg-indigo-500/10'
                  : 'border-slate-200 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500'
              }`}
            >
              <span className="flex w-full items-center justify-between gap-2">
                <span className="font-semibold">{planName(pricing.data?.pricing, plan)}</span>
                {isCurrent && (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                    Current Plan
                  </span>
                )}
              </span>
              <span className="mt-2 text-2xl font-bold">
                {price.price}
                <span className="text-sm font-normal text-slate-500">{price.per}</span>
              </span>
              <span className="mt-1 text-xs text-slate-500">
                {PLANS[plan].messagesPerMonth === null
                  ? 'Unlimited messages'
                  : `${formatCount(PLANS[plan].messagesPerMonth)} messages per month`}
              </span>
            </button>
          );
        })}
      </div>
      {selected && kind && kind !== 'same' && (
        <p className="mt-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {INFO[kind](PLANS[selected].name, interval)}
        </p>
      )}
      {change.isError && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          {changeErrorText(change.error)}
        </p>
      )}
      {change.isSuccess && selected && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
        >
          {change.data.message || CHANGE_PLAN_TEXT.success(PLANS[selected].name)}
        </p>
      )}
      <ConfirmFooter
        label="Confirm Change"
        pending={change.isPending}
        disabled={!canConfirm}
        onConfirm={() => selected && change.mutate({ planName: selected, interval })}
      />
    </DialogShell>
  );
}
