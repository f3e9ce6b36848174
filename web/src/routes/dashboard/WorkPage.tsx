import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/work: the screen itself comes with its own issue; until then only its name is shown. */
export function WorkPage() {
  return <PageHeading title="Co-Founder Activity" />;
}
