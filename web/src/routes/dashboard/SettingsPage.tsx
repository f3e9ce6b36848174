import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { SettingsScreen } from '../../features/settings/SettingsScreen.tsx';

/** /dashboard/settings. */
export function SettingsPage() {
  const { user } = useAuth();
  // RequireAuth renders this page only with a user; the key starts a fresh form if the account changes.
  return user ? <SettingsScreen key={user.id} userId={user.id} /> : null;
}
