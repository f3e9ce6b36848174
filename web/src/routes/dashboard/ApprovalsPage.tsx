import { ApprovalsScreen } from '../../features/approvals/ApprovalsScreen.tsx';

/** /dashboard/approvals, the approvals inbox. */
export function ApprovalsPage() {
  return <ApprovalsScreen />;
}
