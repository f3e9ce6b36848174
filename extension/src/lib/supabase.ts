import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { PublicConfig } from '@cofounder/shared';
import { AUTH_STORAGE_KEY, extensionAuthStorage } from './auth-storage.ts';

/** A supabase-js client for the auth server the Cofounder server names (itself when `supabaseUrl` is null). */
export function createSupabase(
  serverUrl: string,
  config: PublicConfig,
  { autoRefreshToken = true }: { autoRefreshToken?: boolean } = {},
): SupabaseClient {
  return createClient(config.supabaseUrl ?? serverUrl, config.supabaseAnonKey, {
    auth: {
      storage: extensionAuthStorage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken,
      // Extension pages never receive auth redirects; sign-in happens in the popup's own form.
      detectSessionInUrl: false,
    },
  });
}
