import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { LandingSections } from '../../features/landing/LandingSections.tsx';

/**
 * "/" inside the SPA (client-side navigation, e.g. the logo). A full load of "/" gets the prerendered landing
 * entry instead (web/landing.html, src/landing), which renders the same sections without the SPA's runtime.
 */
export function LandingPage() {
  const { isAuthenticated } = useAuth();
  return <LandingSections signedIn={isAuthenticated} />;
}
