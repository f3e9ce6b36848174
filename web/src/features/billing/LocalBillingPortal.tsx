import { Link } from 'react-router';
import { Info } from 'lucide-react';
import { BILLING } from '@cofounder/shared';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useConfig } from '../../data/config/use-config.ts';
import { CheckoutGuard } from './CheckoutGuard.tsx';
import { SubscriptionTab } from './SubscriptionTab.tsx';
import { btn, card } from './ui.ts';

export const LOCAL_PORTAL_TEXT = {
  back: 'Back to Settings',
  stripeMode: 'This server bills through Stripe: Manage Billing opens Stripe’s billing portal.',
} as const;

/**
 * The local billing provider's stand-in for Stripe's customer portal (Manage Billing without a Stripe key): the
 * subscription's real rows, and the same plan, cancellation and invoice actions the API applies to Stripe's.
 */
export function LocalBillingPortal() {
  const { user } = useAuth();
  const config = useConfig();
  return (
    <CheckoutGuard requireSession={false}>
      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-12 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{BILLING.localPortalTitle}</h1>
        {config.modes.billing === 'local' ? (
          <>
            <p className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-800 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-200">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {BILLING.localPortalNotice}
            </p>
            {user && <SubscriptionTab userId={user.id} inPortal />}
          </>
        ) : (
          <p className={`${card} text-sm text-slate-600 dark:text-slate-300`}>{LOCAL_PORTAL_TEXT.stripeMode}</p>
        )}
        <Link to="/dashboard/settings?tab=subscription" className={btn.secondary}>
          {LOCAL_PORTAL_TEXT.back}
        </Link>
      </div>
    </CheckoutGuard>
  );
}
