import { useState, type ReactNode } from 'react';
import { useConnection } from '../../lib/hooks/use-connection.ts';
import { useServerUrl } from '../../lib/hooks/use-server-url.ts';
import { SERVER_TEXT } from '../../lib/server-texts.ts';
import { SignedInChat } from './SignedInChat.tsx';
import { usePanelSession } from './use-panel-session.ts';

/** The side panel: the chat when signed in; otherwise where to sign in (the popup owns the sign-in form). */
export function App() {
  const server = useServerUrl();
  const [attempt, setAttempt] = useState(0);
  const connection = useConnection(server.url, attempt);
  // Signing in or out anywhere (popup, dashboard hand-off) reaches this panel through the shared session storage.
  const session = usePanelSession(connection.status === 'ready' ? connection.supabase : null);

  if (server.url === null) return <Message status>Loading...</Message>;
  if (connection.status === 'offline') {
    return (
      <Message>
        {SERVER_TEXT.unreachable(server.url)}{' '}
        <button type="button" className="panel-button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </Message>
    );
  }
  if (connection.status === 'loading' || session === undefined) return <Message status>Loading...</Message>;
  if (!session) return <Message>Sign in from the extension popup to chat with your co-founder here.</Message>;
  return (
    <SignedInChat
      // A different account is a different conversation: start from a clean panel.
      key={session.user.id}
      session={session}
      supabase={connection.supabase}
      api={connection.api}
      config={connection.config}
      serverUrl={server.url}
    />
  );
}

function Message({ children, status = false }: { children: ReactNode; status?: boolean }) {
  return (
    <main className="panel panel-message">
      <h1>Cofounder</h1>
      <p role={status ? 'status' : undefined}>{children}</p>
    </main>
  );
}
