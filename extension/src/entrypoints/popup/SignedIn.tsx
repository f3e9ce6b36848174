import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError, type PublicConfig } from '@cofounder/shared';
import type { Glance } from '../../lib/glance.ts';
import { QuickVoiceButton } from './QuickVoiceButton.tsx';
import { SignedInCard } from './SignedInCard.tsx';
import { useGlance } from './use-glance.ts';
import { requestSignOut, type PageSession, type WorkerApi } from '../../lib/worker-client.ts';

// Loaded after the card is painted: the counts stay the popup's first paint.
const ConnectionsSection = lazy(() =>
  import('../../lib/components/ConnectionsSection.tsx').then((m) => ({ default: m.ConnectionsSection })),
);

interface SignedInProps {
  session: PageSession;
  api: WorkerApi;
  serverUrl: string;
  /** The cached numbers read at start-up, when they belong to this session's user. */
  cached: Glance | null;
  /** GET /api/config: what the server can do (voice, X and Reddit). */
  config: PublicConfig;
}

/** The signed-in card: who, counts and usage at a glance, the side panel and the dashboard, and sign-out. */
export function SignedIn({ session, api, serverUrl, cached, config }: SignedInProps) {
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const glance = useGlance(api, serverUrl, session.user, cached);

  // The stored session may outlive the account or the server's keys: ask the API who we are,
  // and drop the session if it says nobody.
  useEffect(() => {
    let live = true;
    api.me().then(
      (me) => live && setConfirmedEmail(me.user.email),
      (error: unknown) => {
        if (live && error instanceof ApiError && error.status === 401) void requestSignOut(serverUrl);
      },
    );
    return () => {
      live = false;
    };
  }, [api, serverUrl]);

  async function signOut() {
    setSigningOut(true);
    // The worker ends this extension's session only; a dashboard signed in on its own stays signed in.
    await requestSignOut(serverUrl).catch(() => setSigningOut(false));
  }

  return (
    <SignedInCard
      email={confirmedEmail ?? session.user.email}
      serverUrl={serverUrl}
      voice={config.voice.transcription}
      {...glance}
    >
      <QuickVoiceButton api={api} voice={config.voice} />
      <button type="button" className="button" disabled={signingOut} onClick={() => void signOut()}>
        {signingOut ? 'Signing out...' : 'Sign Out'}
      </button>
      <Suspense fallback={null}>
        <ConnectionsSection api={api} social={config.social} />
      </Suspense>
    </SignedInCard>
  );
}
