import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { PLANS } from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { invalidateBilling } from '../../data/billing/invalidate.ts';
import { billingKeys } from '../../data/billing/keys.ts';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { CheckoutGuard, ResultFrame } from '../../features/billing/CheckoutGuard.tsx';
import { btn } from '../../features/billing/ui.ts';
import { Spinner } from '../../features/layout/Spinner.tsx';

function NextLinks() {
  return (
    <div className="mt-6 flex flex-wrap justify-center gap-3">
      <Link to="/dashboard" className={btn.primary}>
        Go to Dashboard
      </Link>
      <Link to="/dashboard/settings?tab=subscription" className={btn.secondary}>
        View Subscription
      </Link>
    </div>
  );
}

/** Validates the checkout with the server; a valid one names the plan, anything else gets the generic welcome. */
function SuccessContent({ sessionId }: { sessionId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const check = useQuery({
    queryKey: billingKeys.checkoutSession(sessionId),
    queryFn: () => api.validateSession(sessionId),
    retry: false,
    staleTime: Infinity,
  });
  const valid = check.data?.valid === true;
  useEffect(() => {
    // The new plan changes the subscription and the usage limits everywhere else in the app.
    if (valid && user) void invalidateBilling(queryClient, user.id);
  }, [valid, user, queryClient]);

  if (check.isPending) {
    return (
      <ResultFrame>
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-500">
          <Spinner />
          Confirming your subscription...
        </p>
      </ResultFrame>
    );
  }
  if (valid) {
    const plan = check.data?.plan;
    return (
      <ResultFrame>
        <CheckCircle2 className="mx-auto size-12 text-emerald-500" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">
          Welcome to {plan ? PLANS[plan].name : 'your new plan'}!
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Your subscription is active. Your co-founder is ready with your new limits.
        </p>
        <NextLinks />
      </ResultFrame>
    );
  }
  return <ProcessingWelcome />;
}

/** The generic welcome: the payment may still be settling (or could not be confirmed from here). */
function ProcessingWelcome() {
  return (
    <ResultFrame>
      <Hourglass className="mx-auto size-12 text-indigo-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Welcome aboard!</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        We are processing your subscription. It will show in your account in a moment.
      </p>
      <NextLinks />
    </ResultFrame>
  );
}

/** /subscription/success and /subscription-success (spec 1 §2, §4 session guard: session id required). */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return (
    <CheckoutGuard requireSession>
      {sessionId ? <SuccessContent sessionId={sessionId} /> : null}
    </CheckoutGuard>
  );
}
