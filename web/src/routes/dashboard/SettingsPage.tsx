import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /dashboard/settings: the screen itself comes with its own issue; until then only its name is shown. */
export function SettingsPage() {
  return <PageHeading title="Settings" />;
}
