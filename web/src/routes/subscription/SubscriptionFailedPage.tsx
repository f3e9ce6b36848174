import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /subscription/failed: the screen itself comes with its own issue; until then only its name is shown. */
export function SubscriptionFailedPage() {
  return <PageHeading title="Subscription Failed" />;
}
