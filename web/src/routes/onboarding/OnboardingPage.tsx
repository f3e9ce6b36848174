import { PageHeading } from '../../features/layout/PageHeading.tsx';

/** /onboarding: the screen itself comes with its own issue; until then only its name is shown. */
export function OnboardingPage() {
  return <PageHeading title="Onboarding" />;
}
