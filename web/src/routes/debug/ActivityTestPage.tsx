import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /activity-test: the screen itself comes with its own issue; until then only its name is shown. */
export function ActivityTestPage() {
  return <PageHeading title="Activity Test" />;
}
