import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { RefreshCw, Sparkles } from 'lucide-react';
import { ConfirmationModal } from '@cofounder/shared/ui';
import {
  BILLING,
  PLANS,
  isPaidPlan,
  showsUpgradePrompt,
  type SubscriptionStatusResponse,
} from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { billingKeys } from '../../data/billing/keys.ts';
import { useSubscriptionStatus } from '../../data/billing/use-subscription-status.ts';
import { useCancelSubscription } from '../../data/billing/use-cancel-subscription.ts';
import { useReactivateSubscription } from '../../data/billing/use-reactivate-subscription.ts';
import { FormBanner } from '../auth/ui/FormBanner.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { ChangePlanDialog } from './ChangePlanDialog.tsx';
import { formatBillingDate, intervalWord } from './format.ts';
import { PaymentHistory } from './PaymentHistory.tsx';
import { btn, card } from './ui.ts';

export const SUBSCRIPTION_TEXT = {
  loadFailed: 'Unable to load plans. Please try again.',
  cancelFailed: 'Error canceling subscription. Please try again.',
  cancelled: 'Subscription will cancel at end of period',
  reactivated: 'Subscription reactivated',
  reactivateFailed: 'Error reactivating subscription. Please try again.',
  portalFailed: 'Unable to open billing. Please try again.',
} as const;

const BADGES: Record<
  NonNullable<SubscriptionStatusResponse['status']>,
  { text: string; className: string }
> = {
  active: {
    text: 'Active',
    className: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  canceled: { text: 'Canceled', className: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300' },
  past_due: {
    text: 'Past due',
    className: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
  incomplete: {
    text: 'Incomplete',
    className: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
};

const TRIAL_BADGE = 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300';

function StatusBadge({ status }: { status: SubscriptionStatusResponse }) {
  const badge = status.status ? BADGES[status.status] : { text: 'Free Trial', className: TRIAL_BADGE };
  return (
    <span
      data-testid="subscription-status"
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}
    >
      {badge.text}
    </span>
  );
}

/** The dates under the plan name: trial end, renewal or access end, and a scheduled downgrade. */
function PlanDates({ status }: { status: SubscriptionStatusResponse }) {
  const lines: string[] = [];
  if (status.status === null && status.trialEndsAt) {
    lines.push(
      status.trialExpired ? 'Free trial ended' : `Free trial ends ${formatBillingDate(status.trialEndsAt)}`,
    );
  }
  if (status.interval) lines.push(`Billed ${intervalWord(status.interval)}`);
  if (status.nextBillingDate) {
    const date = formatBillingDate(status.nextBillingDate);
    lines.push(
      status.cancelAtPeriodEnd || status.status === 'canceled' ? `Access until ${date}` : `Renews on ${date}`,
    );
  }
  if (status.scheduledChange) {
    const { plan, interval, effectiveDate } = status.scheduledChange;
    // A cancellation puts the downgrade aside (Reactivate restores it): say so rather than drop it from view.
    lines.push(
      status.cancelAtPeriodEnd
        ? BILLING.changeOnHoldText(PLANS[plan].name, intervalWord(interval))
        : `Changes to ${PLANS[plan].name} (${intervalWord(interval)}) on ${formatBillingDate(effectiveDate)}. Current features stay active until then.`,
    );
  }
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-400">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function UpgradePrompt() {
  return (
    <section className="rounded-xl border border-indigo-300 bg-indigo-50 p-6 dark:border-indigo-500/40 dark:bg-indigo-500/10">
      <h3 className="flex items-center gap-2 font-semibold text-indigo-900 dark:text-indigo-100">
        <Sparkles className="size-4" aria-hidden="true" />
        Get more from your co-founder
      </h3>
      <p className="mt-1 text-sm text-indigo-800 dark:text-indigo-200">
        Upgrade for more messages, tasks and voice minutes. Builder adds Phone Integration and Investor
        Outreach.
      </p>
      <Link to="/pricing" className={`${btn.primary} mt-4`}>
        Upgrade Now
      </Link>
    </section>
  );
}

/**
 * Settings → Subscription (spec 2 §2, §4): plan, status, renewal, the plan actions and the payment history.
 * `inPortal`: drawn inside the local billing portal, which is where Manage Billing leads, so it is not offered.
 */
export function SubscriptionTab({ userId, inPortal = false }: { userId: string; inPortal?: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const status = useSubscriptionStatus(userId);
  const cancel = useCancelSubscription(userId);
  const reactivate = useReactivateSubscription(userId);
  const [changeOpen, setChangeOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const portal = useMutation({ mutationFn: () => api.createPortalSession() });

  function openPortal() {
    setActionError(null);
    // Opened now, inside the click, so popup blockers allow it; it is pointed at the portal once the url is known.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener,noreferrer');
      },
      onError: () => {
        tab?.close();
        setActionError(SUBSCRIPTION_TEXT.portalFailed);
      },
    });
  }

  function runCancel() {
    setActionError(null);
    cancel.mutate(undefined, {
      onSuccess: (res) => {
        setConfirmCancel(false);
        toast.success(res.message || SUBSCRIPTION_TEXT.cancelled, { autoClose: BILLING.successToastMs });
      },
      onError: () => {
        setConfirmCancel(false);
        setActionError(SUBSCRIPTION_TEXT.cancelFailed);
      },
    });
  }

  function runReactivate() {
    setActionError(null);
    reactivate.mutate(undefined, {
      onSuccess: (res) =>
        toast.success(res.message || SUBSCRIPTION_TEXT.reactivated, { autoClose: BILLING.successToastMs }),
      onError: () => setActionError(SUBSCRIPTION_TEXT.reactivateFailed),
    });
  }

  function refresh() {
    void status.refetch();
    void queryClient.invalidateQueries({ queryKey: billingKeys.invoicesOf(userId) });
  }

  if (status.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
        <Spinner />
        Loading subscription...
      </p>
    );
  }
  if (status.isError) {
    return (
      <FormBanner tone="error">
        <p>{SUBSCRIPTION_TEXT.loadFailed}</p>
        <button type="button" className="font-medium underline" onClick={() => void status.refetch()}>
          Try Again
        </button>
      </FormBanner>
    );
  }

  const s = status.data;
  const paidPlan = isPaidPlan(s.plan) ? s.plan : null;
  const canChange = s.hasSubscription && paidPlan !== null && s.status !== 'canceled';
  const canCancel =
    s.hasSubscription && !s.cancelAtPeriodEnd && (s.status === 'active' || s.status === 'past_due');
  const showReactivate = s.cancelAtPeriodEnd || s.status === 'canceled';
  // Without a cancellation, Reactivate's rule takes back the pending downgrade alone: the current plan stays.
  const canUndoChange = s.scheduledChange !== null && !s.cancelAtPeriodEnd && s.status !== 'canceled';
  const hasBillingAccount = s.hasSubscription || s.status !== null;

  return (
    <div className="space-y-6">
      <section className={card} aria-labelledby="current-plan-heading">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h3 id="current-plan-heading" className="text-sm font-medium text-slate-500 dark:text-slate-400">
              Current Plan
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-3">
              <span className="text-2xl font-bold text-slate-900 dark:text-white">{s.planName}</span>
              <StatusBadge status={s} />
            </p>
            <PlanDates status={s} />
          </div>
          <button
            type="button"
            aria-label="Refresh subscription"
            onClick={refresh}
            disabled={status.isFetching}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-60 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
          >
            <RefreshCw className={`size-4 ${status.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
          </button>
        </div>
        {actionError && (
          <div className="mt-4">
            <FormBanner tone="error">
              <p>{actionError}</p>
            </FormBanner>
          </div>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/pricing" className={btn.secondary}>
            View All Plans
          </Link>
          {hasBillingAccount && !inPortal && (
            <button type="button" className={btn.secondary} onClick={openPortal} disabled={portal.isPending}>
              {portal.isPending && <Spinner />}
              Manage Billing
            </button>
          )}
          {canChange && (
            <button type="button" className={btn.primary} onClick={() => setChangeOpen(true)}>
              Change Plan
            </button>
          )}
          {canUndoChange && (
            <button
              type="button"
              className={btn.secondary}
              onClick={runReactivate}
              disabled={reactivate.isPending}
            >
              {reactivate.isPending && <Spinner />}
              {BILLING.undoChangeLabel}
            </button>
          )}
          {canCancel && (
            <button type="button" className={btn.danger} onClick={() => setConfirmCancel(true)}>
              Cancel Plan
            </button>
          )}
          {s.cancelAtPeriodEnd && (
            <button type="button" className={btn.secondary} disabled>
              Cancellation Scheduled
            </button>
          )}
          {showReactivate && (
            <button
              type="button"
              className={btn.primary}
              onClick={runReactivate}
              disabled={reactivate.isPending}
            >
              {reactivate.isPending && <Spinner />}
              Reactivate
            </button>
          )}
        </div>
      </section>

      {showsUpgradePrompt(s.plan) && <UpgradePrompt />}
      <PaymentHistory userId={userId} />

      {changeOpen && paidPlan && (
        <ChangePlanDialog
          userId={userId}
          onOpenChange={setChangeOpen}
          current={paidPlan}
          currentInterval={s.interval ?? 'monthly'}
        />
      )}
      <ConfirmationModal
        open={confirmCancel}
        onOpenChange={(open) => !cancel.isPending && setConfirmCancel(open)}
        title="Cancel your plan?"
        message={`Your ${s.planName} plan stays active until the end of the billing period${s.nextBillingDate ? ` (${formatBillingDate(s.nextBillingDate)})` : ''}, then it ends. You can reactivate it before then.`}
        confirmLabel="Cancel Plan"
        cancelLabel="Keep Plan"
        variant="danger"
        pending={cancel.isPending}
        onConfirm={runCancel}
      />
    </div>
  );
}
