import { ConnectionsProvider } from '../../features/connections/ConnectionsProvider.tsx';
import { ConnectionsScreen } from '../../features/connections/ConnectionsScreen.tsx';

/** /dashboard/connections, "Social Media Connections". */
export function ConnectionsPage() {
  return (
    <ConnectionsProvider>
      <ConnectionsScreen />
    </ConnectionsProvider>
  );
}
