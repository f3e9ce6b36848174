import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Ban, XCircle } from 'lucide-react';
import { BILLING, checkoutFailureText } from '@cofounder/shared';
import { useDelayedNavigate } from '../../features/auth/use-delayed-navigate.ts';
import { CheckoutGuard, PlansOrDashboard, ResultFrame } from '../../features/billing/CheckoutGuard.tsx';
import { btn } from '../../features/billing/ui.ts';
import { Spinner } from '../../features/layout/Spinner.tsx';

function FailedContent() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const error = params.get('error');
  const [redirecting, setRedirecting] = useState(false);
  const delayedNavigate = useDelayedNavigate();

  if (!sessionId && !error) {
    return (
      <ResultFrame>
        <Ban className="mx-auto size-12 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Access Not Allowed</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          This page is shown after a checkout that did not complete.
        </p>
        <PlansOrDashboard />
      </ResultFrame>
    );
  }

  const { title, message } = checkoutFailureText(error);
  return (
    <ResultFrame>
      <XCircle className="mx-auto size-12 text-red-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={btn.primary}
          disabled={redirecting}
          onClick={() => {
            setRedirecting(true);
            delayedNavigate('/pricing', BILLING.tryAgainRedirectMs);
          }}
        >
          {redirecting && <Spinner />}
          Try Again
        </button>
        <Link to="/dashboard" className={btn.secondary}>
          Go to Dashboard
        </Link>
      </div>
      {redirecting && (
        <p role="status" className="mt-4 text-sm text-slate-500">
          Redirecting to pricing...
        </p>
      )}
    </ResultFrame>
  );
}

/** /subscription/failed and /subscription-failed (spec 1 §2): signed in, no session id needed. */
export function SubscriptionFailedPage() {
  return (
    <CheckoutGuard requireSession={false}>
      <FailedContent />
    </CheckoutGuard>
  );
}
