import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { VmsScreen } from '../../features/vms/VmsScreen.tsx';

/** /dashboard/vms: every plan has machines (PLANS[..].vmMachines); the server enforces the count and the hours. */
export function VmsPage() {
  const { user } = useAuth();
  return user ? <VmsScreen key={user.id} userId={user.id} /> : null;
}
