import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/autonomy: the screen itself comes with its own issue; until then only its name is shown. */
export function AutonomyPage() {
  return <PageHeading title="Intern Autonomy" />;
}
