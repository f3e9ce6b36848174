import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /careers: the screen itself comes with its own issue; until then only its name is shown. */
export function CareersPage() {
  return <PageHeading title="Careers" />;
}
