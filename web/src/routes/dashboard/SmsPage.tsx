import { FeatureGate } from '../../features/billing/FeatureGate.tsx';
import { PageHeading } from '../../features/layout/PageHeading.tsx';

/**
 * /dashboard/sms: needs the Builder plan (spec 2 §6); the screen itself comes with its own issue, until then only
 * its name is shown to those whose plan opens it.
 */
export function SmsPage() {
  return (
    <FeatureGate feature="phone">
      <PageHeading title="Phone Integration" />
    </FeatureGate>
  );
}
