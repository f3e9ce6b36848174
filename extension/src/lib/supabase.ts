import { GoTrueClient } from '@supabase/auth-js';
import type { PublicConfig } from '@cofounder/shared';
import { AUTH_STORAGE_KEY, extensionAuthStorage } from './auth-storage.ts';

/**
 * The extension only signs in: it carries supabase-js's auth client alone (about a third of supabase-js's size:
 * no database, realtime, storage or functions clients), shaped like supabase-js's `{ auth }`.
 */
export interface SupabaseClient {
  auth: GoTrueClient;
}

// One auth client per page: a second GoTrueClient on the same storage key makes supabase-js warn ("Multiple
// GoTrueClient instances") and the two would refresh the same session concurrently. A page that moves to another
// server gets a new client, and the old one stops refreshing.
let current: { key: string; client: SupabaseClient } | null = null;

/**
 * The page's auth client for the auth server the Cofounder server names (itself when `supabaseUrl` is null):
 * the same instance for as long as the server and its settings stay the same.
 */
export function createSupabase(
  serverUrl: string,
  config: PublicConfig,
  { autoRefreshToken = true }: { autoRefreshToken?: boolean } = {},
): SupabaseClient {
  const url = `${config.supabaseUrl ?? serverUrl}/auth/v1`;
  const key = JSON.stringify([url, config.supabaseAnonKey, autoRefreshToken]);
  if (current?.key === key) return current.client;
  void current?.client.auth.stopAutoRefresh();
  current = { key, client: { auth: newAuthClient(url, config.supabaseAnonKey, autoRefreshToken) } };
  return current.client;
}

function newAuthClient(url: string, key: string, autoRefreshToken: boolean): GoTrueClient {
  return new GoTrueClient({
    url,
    // What supabase-js sends: the public anon key, as apikey and as the bearer until a session exists.
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    storage: extensionAuthStorage,
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken,
    // Extension pages never receive auth redirects; sign-in happens in the popup's own form.
    detectSessionInUrl: false,
  });
}
