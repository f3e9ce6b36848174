import { useEffect, useState } from 'react';
import type { Session } from '@supabase/auth-js';
import { browser } from 'wxt/browser';
import { AUTH_STORAGE_KEY } from '../../lib/auth-storage.ts';
import type { SupabaseClient } from '../../lib/supabase.ts';

/**
 * The panel's session, read again whenever the stored session changes: the popup's Sign Out and the dashboard's
 * hand-off go through the background worker, whose auth client no page hears, so the panel's own client would
 * keep showing the conversation (and drop the next message). Undefined while read, null when signed out.
 */
export function usePanelSession(supabase: SupabaseClient | null): Session | null | undefined {
  // Remember which client the session came from, so a new client never shows the old one's session.
  const [state, setState] = useState<{ owner: SupabaseClient; session: Session | null } | null>(null);

  useEffect(() => {
    if (!supabase) return;
    let live = true;
    let asked = 0;
    const read = () => {
      const run = ++asked;
      // getSession() reads the shared storage (and refreshes an expired token).
      void supabase.auth.getSession().then(
        ({ data }) => live && run === asked && setState({ owner: supabase, session: data.session }),
        () => live && run === asked && setState({ owner: supabase, session: null }),
      );
    };
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((k) => k.startsWith(AUTH_STORAGE_KEY))) read();
    };
    browser.storage.onChanged.addListener(onChanged);
    read();
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [supabase]);

  return state && state.owner === supabase ? state.session : undefined;
}
