import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { clearStoredSession } from '../../lib/auth-storage.ts';
import { SignedIn } from './SignedIn.tsx';
import { SignedInCard } from './SignedInCard.tsx';
import type { PopupStart } from './start.ts';
import { UnreachableText } from './SignInAlert.tsx';
import { ModeLine } from '../../lib/components/ModeLine.tsx';
import { ServerSettings } from '../../lib/components/ServerSettings.tsx';
import { useServerConfig, type ServerConfig } from '../../lib/hooks/use-server-config.ts';
import { useServerUrl } from '../../lib/hooks/use-server-url.ts';
import { useWorkerSession } from '../../lib/hooks/use-worker-session.ts';
import { workerApi, type PageSession } from '../../lib/worker-client.ts';

// The auth library is only needed to sign in: a signed-in popup gets its token from the background worker.
const SignInForm = lazy(() => import('./SignInForm.tsx').then((m) => ({ default: m.SignInForm })));

/** The popup: server check, then sign-in or the signed-in card, with the server setting underneath. */
export function App({ start }: { start: PopupStart }) {
  const server = useServerUrl();
  const [attempt, setAttempt] = useState(0);
  const connection = useServerConfig(server.url, attempt);
  const session = useWorkerSession(connection.status === 'ready' ? server.url : null);
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
        {connection.status === 'ready' && server.url && (
          <ModeLine config={connection.config} serverUrl={server.url} />
        )}
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
          <ServerSettings
            serverUrl={server.url}
            offline={connection.status === 'offline'}
            onSave={saveServer}
          />
        </>
      ) : (
        <Cached start={start} refreshing />
      )}
    </main>
  );
}

interface BodyProps {
  serverUrl: string;
  connection: ServerConfig;
  session: PageSession | null | undefined;
  start: PopupStart;
  onRetry: () => void;
}

function Body({ serverUrl, connection, session, start, onRetry }: BodyProps) {
  const api = useMemo(() => workerApi(serverUrl), [serverUrl]);
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
        api={api}
        serverUrl={serverUrl}
        cached={glance}
        config={connection.config}
      />
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <SignInForm config={connection.config} serverUrl={serverUrl} />
    </Suspense>
  );
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
