import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/sms: the screen itself comes with its own issue; until then only its name is shown. */
export function SmsPage() {
  return <PageHeading title="Phone Integration" />;
}
