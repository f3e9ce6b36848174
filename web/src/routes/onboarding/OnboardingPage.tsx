import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { OnboardingWizard } from '../../features/onboarding/OnboardingWizard.tsx';

/** /onboarding (behind RequireAuth and the onboarding guard): the 7-step wizard. */
export function OnboardingPage() {
  const { user } = useAuth();
  if (!user) return null;
  // Registration stored the full name (spec 1 §3); the profile step starts with it.
  const fullName: unknown = user.user_metadata.full_name;
  const name = typeof fullName === 'string' ? fullName : '';
  return <OnboardingWizard key={user.id} userId={user.id} suggestedName={name} />;
}
