import { FeatureGate } from '../../features/billing/FeatureGate.tsx';
import { PageHeading } from '../../features/layout/PageHeading.tsx';

/**
 * /dashboard/investor-outreach: needs the Builder plan (spec 2 §6); the screen itself comes with its own issue,
 * until then only its name is shown to those whose plan opens it.
 */
export function InvestorOutreachPage() {
  return (
    <FeatureGate feature="investorOutreach">
      <PageHeading title="Investor Outreach" />
    </FeatureGate>
  );
}
