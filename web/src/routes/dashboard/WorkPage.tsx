import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { LoadingScreen } from '../../features/layout/LoadingScreen.tsx';
import { WorkScreen } from '../../features/work/WorkScreen.tsx';

/** /dashboard/work; "Loading Dashboard" while the session is still being read (spec 2 §2). */
export function WorkPage() {
  const { user, loading } = useAuth();
  if (loading || !user) return <LoadingScreen label="Loading Dashboard" />;
  return <WorkScreen key={user.id} userId={user.id} />;
}
