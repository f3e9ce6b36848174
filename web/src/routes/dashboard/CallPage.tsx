import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { CallScreen } from '../../features/call/CallScreen.tsx';

/** /dashboard/call: a realtime voice call with the co-founder. */
export function CallPage() {
  const { user } = useAuth();
  // A new account starts a fresh screen, so a call never outlives the session that started it.
  return <CallScreen key={user?.id ?? 'signed-out'} />;
}
