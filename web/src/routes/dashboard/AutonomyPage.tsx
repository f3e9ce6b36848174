import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { AutonomyScreen } from '../../features/autonomy/AutonomyScreen.tsx';
import { LoadingScreen } from '../../features/layout/LoadingScreen.tsx';

/** /dashboard/autonomy, "Intern Autonomy". */
export function AutonomyPage() {
  const { user, loading } = useAuth();
  if (loading || !user) return <LoadingScreen label="Loading Dashboard" />;
  return <AutonomyScreen key={user.id} userId={user.id} />;
}
