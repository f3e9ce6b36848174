import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /subscription/success: the screen itself comes with its own issue; until then only its name is shown. */
export function SubscriptionSuccessPage() {
  return <PageHeading title="Subscription Success" />;
}
