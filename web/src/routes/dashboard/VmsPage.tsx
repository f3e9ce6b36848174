import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/vms: the screen itself comes with its own issue; until then only its name is shown. */
export function VmsPage() {
  return <PageHeading title="AI Computer Control Center" />;
}
