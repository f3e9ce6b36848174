import { useAuth } from '../auth/AuthProvider.tsx';
import { useAppNavigate } from './navigation.tsx';
import { SiteHeader } from './SiteHeader.tsx';

/** The SPA's public header: SiteHeader with the app's auth; signing out returns to the landing page. */
export function Header() {
  const { isAuthenticated, user, signOut } = useAuth();
  const navigate = useAppNavigate();
  return (
    <SiteHeader
      account={{
        isAuthenticated,
        email: user?.email,
        onSignOut: async () => {
          await signOut();
          await navigate('/');
        },
      }}
    />
  );
}
