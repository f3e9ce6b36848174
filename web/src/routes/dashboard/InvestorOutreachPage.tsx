import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { FeatureGate } from '../../features/billing/FeatureGate.tsx';
import { InvestorOutreachScreen } from '../../features/investors/InvestorOutreachScreen.tsx';

/** /dashboard/investor-outreach: needs the Builder plan (spec 2 §6); the gate decides before any investor call. */
export function InvestorOutreachPage() {
  const { user } = useAuth();
  return (
    <FeatureGate feature="investorOutreach">
      {user ? <InvestorOutreachScreen key={user.id} userId={user.id} /> : null}
    </FeatureGate>
  );
}
