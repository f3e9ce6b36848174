import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../auth/AuthProvider.tsx';
import { LoadingScreen } from '../layout/LoadingScreen.tsx';
import { useOnboardingComplete } from './use-onboarding-complete.ts';

/**
 * The onboarding guard (spec 1 §2): inside the signed-in routes, it sends founders who already finished to
 * /dashboard. The decision is taken once: finishing the wizard must not cut its own 1.5 s / 2 s / 3 s
 * transition short when the status refreshes.
 */
export function OnboardingGuard() {
  const { user } = useAuth();
  return user ? <Decide userId={user.id} /> : null;
}

function Decide({ userId }: { userId: string }) {
  const complete = useOnboardingComplete(userId);
  const [decided, setDecided] = useState<boolean | undefined>(undefined);
  if (decided === undefined && complete !== undefined) setDecided(complete);
  const done = decided ?? complete;
  if (done === undefined) return <LoadingScreen />;
  return done ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
