import { useMemo } from 'react';
import { createApi, isUsableToken, type Api, type PublicConfig } from '@cofounder/shared';
import { createSupabase, type SupabaseClient } from '../supabase.ts';
import { useServerConfig } from './use-server-config.ts';

/** The side panel's view of the server: still asking, unreachable, or configured with its own auth client. */
export type Connection =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'ready'; config: PublicConfig; supabase: SupabaseClient; api: Api };

/** Reads the server's configuration and builds the auth and API clients it describes. */
export function useConnection(serverUrl: string | null, attempt: number): Connection {
  const server = useServerConfig(serverUrl, attempt);
  const config = server.status === 'ready' ? server.config : null;
  const clients = useMemo(() => {
    if (!serverUrl || !config) return null;
    const supabase = createSupabase(serverUrl, config);
    const api = createApi({
      baseUrl: serverUrl,
      getToken: async () => {
        const token = (await supabase.auth.getSession()).data.session?.access_token;
        return isUsableToken(token) ? token : null;
      },
    });
    return { supabase, api };
  }, [serverUrl, config]);

  if (server.status !== 'ready' || !clients)
    return server.status === 'ready' ? { status: 'loading' } : server;
  return { status: 'ready', config: server.config, ...clients };
}
