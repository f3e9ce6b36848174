import { useEffect, useState } from 'react';
import type { Session } from '@supabase/auth-js';
import type { SupabaseClient } from '../supabase.ts';

/** The client's session: undefined while it is read from storage, null when signed out. */
export function useSession(supabase: SupabaseClient | null): Session | null | undefined {
  // Remember which client the session came from, so a new client never shows the old one's session.
  const [state, setState] = useState<{ owner: SupabaseClient; session: Session | null } | null>(null);

  useEffect(() => {
    if (!supabase) return;
    // Fires INITIAL_SESSION once storage is read, then on every sign-in, refresh and sign-out.
    const { data } = supabase.auth.onAuthStateChange((_event, session) => setState({ owner: supabase, session }));
    return () => data.subscription.unsubscribe();
  }, [supabase]);

  return state && state.owner === supabase ? state.session : undefined;
}
