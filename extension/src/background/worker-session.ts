import { createApi, isUsableToken, type Api } from '@cofounder/shared';
import { WORKER_REQUEST_TIMEOUT_MS } from '../../../shared/src/constants/extension.ts';
import { createSupabase, type SupabaseClient } from '../lib/supabase.ts';

const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(WORKER_REQUEST_TIMEOUT_MS) });

export interface WorkerSession {
  api: Api;
  userId: string;
  accessToken: string;
}

/** An API client without a session, for the public endpoints (`/api/config`). */
export function publicApi(serverUrl: string): Api {
  return createApi({ baseUrl: serverUrl, getToken: () => null, fetch: fetchWithTimeout });
}

// One client per server for the worker's lifetime: several clients on one storage key would race each other.
const clients = new Map<string, Promise<SupabaseClient>>();

/**
 * The worker's auth client for a server (badge, hand-off, OAuth capture, quick voice all use it). autoRefreshToken
 * off: the worker sleeps between events, so the refresh timer would not fire reliably; getSession() refreshes an
 * expired session when asked, and the pages refresh it while open.
 */
export function supabaseFor(serverUrl: string): Promise<SupabaseClient> {
  let client = clients.get(serverUrl);
  if (!client) {
    client = publicApi(serverUrl)
      .config()
      .then((config) => createSupabase(serverUrl, config, { autoRefreshToken: false }));
    // A failed config read must be retried next time, not remembered.
    client.catch(() => clients.delete(serverUrl));
    clients.set(serverUrl, client);
  }
  return client;
}

/** The stored session's user and an API client that always sends its current token; null when signed out. */
export async function workerSession(serverUrl: string): Promise<WorkerSession | null> {
  const supabase = await supabaseFor(serverUrl);
  const session = (await supabase.auth.getSession()).data.session;
  if (!session || !isUsableToken(session.access_token)) return null;
  const api = createApi({
    baseUrl: serverUrl,
    fetch: fetchWithTimeout,
    getToken: async () => {
      const token = (await supabase.auth.getSession()).data.session?.access_token;
      return isUsableToken(token) ? token : null;
    },
  });
  return { api, userId: session.user.id, accessToken: session.access_token };
}
