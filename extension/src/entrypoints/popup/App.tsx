import { useState } from 'react';
import type { Session } from '@supabase/supabase-js';
import { clearStoredSession } from '../../lib/auth-storage.ts';
import { ServerSettings } from './ServerSettings.tsx';
import { SignedIn } from './SignedIn.tsx';
import { SignInForm } from './SignInForm.tsx';
import { UnreachableText } from './SignInAlert.tsx';
import { useConnection, type Connection } from '../../lib/hooks/use-connection.ts';
import { useServerUrl } from '../../lib/hooks/use-server-url.ts';
import { useSession } from '../../lib/hooks/use-session.ts';

/** The popup: server check, then sign-in or the signed-in card, with the server setting underneath. */
export function App() {
  const server = useServerUrl();
  const [attempt, setAttempt] = useState(0);
  const connection = useConnection(server.url, attempt);
  const session = useSession(connection.status === 'ready' ? connection.supabase : null);
  const retry = () => setAttempt((n) => n + 1);

  async function saveServer(origin: string) {
    if (origin === server.url) return retry();
    // A session belongs to the server that issued it.
    await clearStoredSession();
    await server.save(origin);
  }

  return (
    <main className="popup">
      <header className="header">
        <h1>Cofounder</h1>
        {connection.status === 'ready' && server.url && <ModeLine connection={connection} serverUrl={server.url} />}
      </header>
      {server.url ? (
        <>
          <Body serverUrl={server.url} connection={connection} session={session} onRetry={retry} />
          <ServerSettings serverUrl={server.url} offline={connection.status === 'offline'} onSave={saveServer} />
        </>
      ) : (
        <Loading />
      )}
    </main>
  );
}

interface BodyProps {
  serverUrl: string;
  connection: Connection;
  session: Session | null | undefined;
  onRetry: () => void;
}

function Body({ serverUrl, connection, session, onRetry }: BodyProps) {
  if (connection.status === 'offline') {
    return (
      <div className="stack">
        <p role="alert" className="alert">
          <UnreachableText serverUrl={serverUrl} />
        </p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (connection.status === 'loading' || session === undefined) return <Loading />;
  if (session) {
    return <SignedIn session={session} supabase={connection.supabase} api={connection.api} serverUrl={serverUrl} />;
  }
  return <SignInForm supabase={connection.supabase} serverUrl={serverUrl} />;
}

function Loading() {
  return (
    <p role="status" className="muted">
      Loading...
    </p>
  );
}

function ModeLine({ connection, serverUrl }: { connection: Extract<Connection, { status: 'ready' }>; serverUrl: string }) {
  return (
    <p className="mode">
      {connection.config.modes.auth === 'local' ? 'Local mode' : `Connected to ${new URL(serverUrl).host}`}
    </p>
  );
}
