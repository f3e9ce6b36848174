import { useEffect, useState } from 'react';
import { createApi, isUsableToken, type Api, type PublicConfig } from '@cofounder/shared';
import { createSupabase, type SupabaseClient } from '../supabase.ts';

/** What the popup knows about the server: still asking, unreachable, or configured. */
export type Connection =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'ready'; config: PublicConfig; supabase: SupabaseClient; api: Api };

// A server that accepts the connection but never answers would otherwise leave the popup loading forever.
const CONFIG_TIMEOUT_MS = 8000;
const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });

/** Reads `GET /api/config` from the server and builds the auth and API clients it describes. */
export function useConnection(serverUrl: string | null, attempt: number): Connection {
  const key = `${serverUrl ?? ''}#${attempt}`;
  const [result, setResult] = useState<{ key: string; connection: Connection } | null>(null);

  useEffect(() => {
    if (!serverUrl) return;
    let live = true;
    let supabase: SupabaseClient | null = null;
    createApi({ baseUrl: serverUrl, getToken: () => null, fetch: fetchWithTimeout })
      .config()
      .then(
        (config) => {
          if (!live) return;
          const client = createSupabase(serverUrl, config);
          supabase = client;
          const api = createApi({
            baseUrl: serverUrl,
            getToken: async () => {
              const token = (await client.auth.getSession()).data.session?.access_token;
              return isUsableToken(token) ? token : null;
            },
          });
          setResult({ key, connection: { status: 'ready', config, supabase: client, api } });
        },
        () => {
          if (live) setResult({ key, connection: { status: 'offline' } });
        },
      );
    return () => {
      live = false;
      // A replaced client must not keep refreshing a session in the background.
      void supabase?.auth.stopAutoRefresh();
    };
  }, [serverUrl, key]);

  return result?.key === key ? result.connection : { status: 'loading' };
}
