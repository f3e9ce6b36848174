import type { PopupStart } from './start.ts';
import { SignedInCard } from './SignedInCard.tsx';

/** The popup's first paint: the stored user's cached numbers while the app and the server catch up. */
export function CachedCard({ start }: { start: PopupStart }) {
  return (
    <main className="popup">
      <header className="header">
        <h1>Cofounder</h1>
      </header>
      {start.user && start.glance ? (
        <SignedInCard
          email={start.user.email}
          serverUrl={start.serverUrl}
          glance={start.glance}
          refreshing
          error={null}
        />
      ) : (
        <p role="status" className="muted">
          Loading...
        </p>
      )}
    </main>
  );
}
