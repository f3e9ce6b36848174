import { useState } from 'react';
import { clearStoredSession } from '../../lib/auth-storage.ts';
import { ModeLine } from '../../lib/components/ModeLine.tsx';
import { ServerSettings } from '../../lib/components/ServerSettings.tsx';
import { useServerConfig } from '../../lib/hooks/use-server-config.ts';
import { useServerUrl } from '../../lib/hooks/use-server-url.ts';
import { UnreachableText } from '../popup/SignInAlert.tsx';
import { ModelSummary } from './ModelSummary.tsx';

/**
 * The options page: which Cofounder server the extension talks to, the mode that server runs in, and (signed in)
 * which model answers the founder.
 */
export function App() {
  const server = useServerUrl();
  const [attempt, setAttempt] = useState(0);
  const connection = useServerConfig(server.url, attempt);

  async function saveServer(origin: string) {
    if (origin === server.url) return setAttempt((n) => n + 1);
    // A session belongs to the server that issued it (as in the popup).
    await clearStoredSession();
    await server.save(origin);
  }

  return (
    <main className="popup">
      <header className="header">
        <h1>Cofounder settings</h1>
        {connection.status === 'ready' && server.url && (
          <ModeLine config={connection.config} serverUrl={server.url} />
        )}
      </header>
      {connection.status === 'offline' && server.url && (
        <p role="alert" className="alert">
          <UnreachableText serverUrl={server.url} />
        </p>
      )}
      {connection.status === 'ready' && server.url && <ModelSummary serverUrl={server.url} />}
      {server.url && (
        <ServerSettings
          serverUrl={server.url}
          offline={connection.status === 'offline'}
          defaultOpen
          onSave={saveServer}
        />
      )}
    </main>
  );
}
