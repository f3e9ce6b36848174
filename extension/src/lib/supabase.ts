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

/** An auth client for the auth server the Cofounder server names (itself when `supabaseUrl` is null). */
export function createSupabase(
  serverUrl: string,
  config: PublicConfig,
  { autoRefreshToken = true }: { autoRefreshToken?: boolean } = {},
): SupabaseClient {
  const key = config.supabaseAnonKey;
  return {
    auth: new GoTrueClient({
      url: `${config.supabaseUrl ?? serverUrl}/auth/v1`,
      // What supabase-js sends: the public anon key, as apikey and as the bearer until a session exists.
      headers: { Authorization: `Bearer ${key}`, apikey: key },
      storage: extensionAuthStorage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken,
      // Extension pages never receive auth redirects; sign-in happens in the popup's own form.
      detectSessionInUrl: false,
    }),
  };
}
