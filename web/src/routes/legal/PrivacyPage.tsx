import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /privacy: the screen itself comes with its own issue; until then only its name is shown. */
export function PrivacyPage() {
  return <PageHeading title="Privacy Policy" />;
}
