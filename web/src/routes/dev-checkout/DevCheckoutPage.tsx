import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CreditCard, Info } from 'lucide-react';
import { BILLING, type CheckoutFailureReason } from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { billingKeys } from '../../data/billing/keys.ts';
import { FormBanner } from '../../features/auth/ui/FormBanner.tsx';
import { ResultFrame } from '../../features/billing/CheckoutGuard.tsx';
import { intervalWord } from '../../features/billing/format.ts';
import { btn } from '../../features/billing/ui.ts';
import { browser } from '../../features/billing/use-plan-selection.ts';
import { Spinner } from '../../features/layout/Spinner.tsx';

export const LOCAL_CHECKOUT_NOTICE = 'This is the local checkout of this server: no card is charged.';

const REASON_LABELS: Record<CheckoutFailureReason, string> = {
  payment_failed: 'Payment failed',
  card_declined: 'Card declined',
  authentication_required: 'Authentication required',
  session_expired: 'Session expired',
};

const CLOSED_TEXT = {
  complete: 'This checkout is already paid.',
  declined: 'This checkout was declined.',
  expired: 'This checkout has expired.',
} as const;

function BackToPricing({ children }: { children: ReactNode }) {
  return (
    <ResultFrame>
      {children}
      <Link to="/pricing" className={`${btn.primary} mt-6`}>
        Back to Pricing
      </Link>
    </ResultFrame>
  );
}

function Checkout({ sessionId }: { sessionId: string }) {
  const api = useApi();
  const [reason, setReason] = useState<CheckoutFailureReason>('card_declined');
  const order = useQuery({
    queryKey: billingKeys.localCheckout(sessionId),
    queryFn: () => api.localCheckout(sessionId),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (body: Parameters<typeof api.decideLocalCheckout>[1]) =>
      api.decideLocalCheckout(sessionId, body),
    onSuccess: ({ redirectUrl }) => browser.assign(redirectUrl),
  });

  if (order.isPending) {
    return (
      <ResultFrame>
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-500">
          <Spinner />
          Loading your order...
        </p>
      </ResultFrame>
    );
  }
  if (order.isError) {
    return (
      <BackToPricing>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Checkout not found</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {order.error.message}
        </p>
      </BackToPricing>
    );
  }
  const session = order.data.session;
  if (session.status !== 'open') {
    return (
      <BackToPricing>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Checkout closed</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {CLOSED_TEXT[session.status]}
        </p>
      </BackToPricing>
    );
  }
  // After a decision the page stays busy until the browser has left for the result page.
  const busy = decide.isPending || decide.isSuccess;
  return (
    <ResultFrame>
      <CreditCard className="mx-auto size-10 text-indigo-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Checkout</h1>
      <p className="mt-3 flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-left text-sm text-sky-800 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-200">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {LOCAL_CHECKOUT_NOTICE}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-y-2 text-left text-sm">
        <dt className="text-slate-500">Plan</dt>
        <dd className="text-right font-medium text-slate-900 dark:text-white">{session.planName}</dd>
        <dt className="text-slate-500">Billing</dt>
        <dd className="text-right font-medium text-slate-900 capitalize dark:text-white">
          {intervalWord(session.interval)}
        </dd>
        <dt className="text-slate-500">Price</dt>
        <dd className="text-right font-medium text-slate-900 dark:text-white">
          {session.displayPrice} {session.interval === 'monthly' ? 'per month' : 'per year'}
        </dd>
      </dl>
      {decide.isError && (
        <div className="mt-4 text-left">
          <FormBanner tone="error">
            <p>{decide.error.message}</p>
          </FormBanner>
        </div>
      )}
      <button
        type="button"
        className={`${btn.primary} mt-6 w-full`}
        disabled={busy}
        onClick={() => decide.mutate({ action: 'pay' })}
      >
        {decide.isPending && decide.variables.action === 'pay' && <Spinner />}
        Pay {session.displayPrice}
      </button>
      <div className="mt-4 flex items-end gap-2 text-left">
        <label className="flex-1 text-sm text-slate-600 dark:text-slate-300">
          Decline reason
          <select
            value={reason}
            onChange={(e) => setReason(e.target.value as CheckoutFailureReason)}
            disabled={busy}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            {BILLING.failureReasons.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={btn.danger}
          disabled={busy}
          onClick={() => decide.mutate({ action: 'decline', reason })}
        >
          Decline
        </button>
      </div>
    </ResultFrame>
  );
}

/** /dev/checkout?session_id=…: the local billing provider's stand-in for a card checkout (signed in). */
export function DevCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  if (!sessionId) {
    return (
      <BackToPricing>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Checkout not found</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          This address has no checkout session.
        </p>
      </BackToPricing>
    );
  }
  return <Checkout sessionId={sessionId} />;
}
