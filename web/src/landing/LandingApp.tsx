import { LandingSections } from '../features/landing/LandingSections.tsx';
import { PublicFrame } from '../features/layout/PublicFrame.tsx';
import { SiteHeader, type HeaderAccount } from '../features/layout/SiteHeader.tsx';
import { ThemeProvider } from '../features/theme/ThemeProvider.tsx';
import { storedSessionChanged, useStoredUser } from './stored-account.ts';

async function signOut(): Promise<void> {
  try {
    const { signOut: signOutNow } = await import('./sign-out.ts');
    await signOutNow();
  } finally {
    storedSessionChanged();
  }
}

/**
 * The whole landing page of web/landing.html: the public frame and the landing sections, with no router, query
 * client, API client or auth client. Links are plain <a> (the default of AppLink); the signed-in variant comes
 * from the stored session after hydration.
 */
export function LandingApp({ onSignOut = signOut }: { onSignOut?: () => Promise<void> }) {
  const user = useStoredUser();
  const account: HeaderAccount = { isAuthenticated: user !== null, email: user?.email, onSignOut };
  return (
    <ThemeProvider>
      <PublicFrame header={<SiteHeader account={account} />}>
        <LandingSections signedIn={user !== null} />
      </PublicFrame>
    </ThemeProvider>
  );
}
