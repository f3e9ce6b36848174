import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/call: the screen itself comes with its own issue; until then only its name is shown. */
export function CallPage() {
  return <PageHeading title="Voice Call" />;
}
