import { useState, type ReactNode } from 'react';
import type { Session } from '@supabase/auth-js';
import { clearStoredSession } from '../../lib/auth-storage.ts';
import { SignedIn } from './SignedIn.tsx';
import { SignedInCard } from './SignedInCard.tsx';
import type { PopupStart } from './start.ts';
import { SignInForm } from './SignInForm.tsx';
import { UnreachableText } from './SignInAlert.tsx';
import { ModeLine } from '../../lib/components/ModeLine.tsx';
import { ServerSettings } from '../../lib/components/ServerSettings.tsx';
import { useConnection, type Connection } from '../../lib/hooks/use-connection.ts';
import { useServerUrl } from '../../lib/hooks/use-server-url.ts';
import { useSession } from '../../lib/hooks/use-session.ts';

/** The popup: server check, then sign-in or the signed-in card, with the server setting underneath. */
export function App({ start }: { start: PopupStart }) {
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
        {connection.status === 'ready' && server.url && <ModeLine config={connection.config} serverUrl={server.url} />}
      </header>
      {server.url ? (
        <>
          <Body
            serverUrl={server.url}
            connection={connection}
            session={session}
            start={start}
            onRetry={retry}
          />
          <ServerSettings serverUrl={server.url} offline={connection.status === 'offline'} onSave={saveServer} />
        </>
      ) : (
        <Cached start={start} refreshing />
      )}
    </main>
  );
}

interface BodyProps {
  serverUrl: string;
  connection: Connection;
  session: Session | null | undefined;
  start: PopupStart;
  onRetry: () => void;
}

function Body({ serverUrl, connection, session, start, onRetry }: BodyProps) {
  // The start-up numbers belong to one user on one server; anything else starts without them.
  const cached = start.serverUrl === serverUrl ? start : { ...start, glance: null };
  if (connection.status === 'offline') {
    if (cached.glance) {
      return (
        <Cached start={cached} refreshing={false} error={<UnreachableText serverUrl={serverUrl} />}>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </Cached>
      );
    }
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
  if (connection.status === 'loading' || session === undefined) return <Cached start={cached} refreshing />;
  if (session) {
    const glance = cached.user?.id === session.user.id ? cached.glance : null;
    return (
      <SignedIn
        session={session}
        supabase={connection.supabase}
        api={connection.api}
        serverUrl={serverUrl}
        cached={glance}
      />
    );
  }
  return <SignInForm supabase={connection.supabase} serverUrl={serverUrl} />;
}

/** The cached card while the server is asked (or cannot be reached), else a plain loading line. */
function Cached({
  start,
  refreshing,
  error,
  children,
}: {
  start: PopupStart;
  refreshing: boolean;
  error?: ReactNode;
  children?: ReactNode;
}) {
  if (!start.user || !start.glance) return <Loading />;
  return (
    <SignedInCard
      email={start.user.email}
      serverUrl={start.serverUrl}
      glance={start.glance}
      refreshing={refreshing}
      error={error}
    >
      {children}
    </SignedInCard>
  );
}

function Loading() {
  return (
    <p role="status" className="muted">
      Loading...
    </p>
  );
}
