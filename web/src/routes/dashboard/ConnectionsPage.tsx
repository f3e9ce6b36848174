import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/connections: the screen itself comes with its own issue; until then only its name is shown. */
export function ConnectionsPage() {
  return <PageHeading title="Social Media Connections" />;
}
