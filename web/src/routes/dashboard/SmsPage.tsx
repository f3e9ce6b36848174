import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { FeatureGate } from '../../features/billing/FeatureGate.tsx';
import { PhoneScreen } from '../../features/sms/PhoneScreen.tsx';

/** /dashboard/sms: needs the Builder plan (spec 2 §6); the gate decides before any SMS call. */
export function SmsPage() {
  const { user } = useAuth();
  return (
    <FeatureGate feature="phone">{user ? <PhoneScreen key={user.id} userId={user.id} /> : null}</FeatureGate>
  );
}
