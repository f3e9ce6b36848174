import { useEffect, useState } from 'react';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { ApiError, type Api } from '@cofounder/shared';
import { TabLink } from './TabLink.tsx';

interface SignedInProps {
  session: Session;
  supabase: SupabaseClient;
  api: Api;
  serverUrl: string;
}

/** The signed-in card: who, a way to the dashboard, and sign-out. */
export function SignedIn({ session, supabase, api, serverUrl }: SignedInProps) {
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  // The stored session may outlive the account or the server's keys: ask the API who we are,
  // and drop the session (locally: the server already rejected it) if it says nobody.
  useEffect(() => {
    let live = true;
    api.me().then(
      (me) => live && setConfirmedEmail(me.user.email),
      (error: unknown) => {
        if (live && error instanceof ApiError && error.status === 401) void supabase.auth.signOut({ scope: 'local' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, supabase]);

  async function signOut() {
    setSigningOut(true);
    const { error } = await supabase.auth.signOut();
    // Signing out must work even when the server cannot be told: then forget the session here.
    if (error) await supabase.auth.signOut({ scope: 'local' });
  }

  return (
    <div className="stack">
      <p className="signed-in">
        Signed in as <strong>{confirmedEmail ?? session.user.email}</strong>
      </p>
      <TabLink href={`${serverUrl}/dashboard`} className="button primary">
        Open dashboard
      </TabLink>
      <button type="button" className="button" disabled={signingOut} onClick={() => void signOut()}>
        {signingOut ? 'Signing out...' : 'Sign Out'}
      </button>
    </div>
  );
}
