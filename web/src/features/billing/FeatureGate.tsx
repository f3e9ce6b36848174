import type { ReactNode } from 'react';
import { planAllows, type GatedFeature } from '@cofounder/shared';
import { useSubscriptionStatus } from '../../data/billing/use-subscription-status.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { Spinner } from '../layout/Spinner.tsx';
import { RestrictedFeature } from './RestrictedFeature.tsx';

/**
 * Plan gating of spec 2 §6, decided from the subscription status alone: while it loads "Checking your plan...",
 * a plan that does not open the feature gets the restricted page, one that does gets the screen. If the status
 * call fails the screen is shown: the server gate still refuses its data, and a screen whose call answers 403
 * upgradeRequired shows the restricted page itself (see restrictedOn).
 */
export function FeatureGate({ feature, children }: { feature: GatedFeature; children: ReactNode }) {
  const { user } = useAuth();
  const status = useSubscriptionStatus(user?.id ?? null);
  if (status.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500">
        <Spinner />
        Checking your plan...
      </p>
    );
  }
  if (status.data && !planAllows(status.data.plan, feature)) return <RestrictedFeature feature={feature} />;
  return children;
}
