import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { AUTH_STORAGE_KEY } from '../auth-storage.ts';
import { requestSession, type PageSession } from '../worker-client.ts';

/**
 * The session as the background worker holds it: undefined while asked, null when signed out. Asked again
 * whenever the stored session changes (a sign-in form, the dashboard's hand-off, a sign-out anywhere).
 */
export function useWorkerSession(serverUrl: string | null): PageSession | null | undefined {
  const [state, setState] = useState<{ serverUrl: string; session: PageSession | null } | null>(null);

  useEffect(() => {
    if (!serverUrl) return;
    let live = true;
    let asked = 0;
    const ask = () => {
      const run = ++asked;
      requestSession(serverUrl).then(
        (session) => live && run === asked && setState({ serverUrl, session }),
        () => live && run === asked && setState({ serverUrl, session: null }),
      );
    };
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((k) => k.startsWith(AUTH_STORAGE_KEY))) ask();
    };
    browser.storage.onChanged.addListener(onChanged);
    ask();
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [serverUrl]);

  return state?.serverUrl === serverUrl ? state.session : undefined;
}
