import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { useAuth } from '../auth/AuthProvider.tsx';
import type { LoginRedirectState } from '../auth/guards.tsx';
import { rememberReturnTo } from '../auth/return-to.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { btn, card } from './ui.ts';

export const MISSING_SESSION_TEXT = 'Invalid access - missing session information';

/** The centred box every checkout result page is drawn in. */
/** The way on from a checkout page that has nothing to show: the plans, or back to the dashboard. */
export function PlansOrDashboard() {
  return (
    <div className="mt-6 flex justify-center gap-3">
      <Link to="/pricing" className={btn.primary}>
        View Plans
      </Link>
      <Link to="/dashboard" className={btn.secondary}>
        Go to Dashboard
      </Link>
    </div>
  );
}

export function ResultFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col px-4 py-16 sm:px-6">
      <div className={`${card} text-center`}>{children}</div>
    </div>
  );
}

/**
 * Spec 1 §4 "Session guard for checkout pages": loading while the session is read; anonymous → /login (and back
 * here afterwards); a page that needs `session_id` and has none is denied.
 */
export function CheckoutGuard({
  requireSession,
  children,
}: {
  requireSession: boolean;
  children: ReactNode;
}) {
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  if (loading) {
    return (
      <ResultFrame>
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-500">
          <Spinner />
          Checking your session...
        </p>
      </ResultFrame>
    );
  }
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    rememberReturnTo(`${from.pathname}${from.search}${from.hash}`);
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  if (requireSession && !params.get('session_id')) {
    return (
      <ResultFrame>
        <ShieldAlert className="mx-auto size-10 text-amber-500" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Access Denied</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {MISSING_SESSION_TEXT}
        </p>
        <PlansOrDashboard />
      </ResultFrame>
    );
  }
  return children;
}
