import { GoTrueClient } from '@supabase/auth-js';
import type { PublicConfig } from '@cofounder/shared';
import type { AuthClient } from '../features/auth/auth-client.ts';

/**
 * The one auth client of the page: supabase-js's auth client alone (about a third of supabase-js: the web uses no
 * database, realtime, storage or functions client), set up as supabase-js sets up its `auth`. A null
 * `supabaseUrl` means this server's own /auth/v1. URL detection is off: /verify-email and /reset-password read
 * their tokens themselves and decide what to keep.
 */
export function createAuthClient(config: PublicConfig): AuthClient {
  const base = new URL(`${(config.supabaseUrl ?? window.location.origin).replace(/\/+$/, '')}/`);
  const key = config.supabaseAnonKey;
  return new GoTrueClient({
    url: new URL('auth/v1', base).href,
    // What supabase-js sends: the public anon key, as apikey and as the bearer until a session exists.
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    // supabase-js's default key (stored-session.ts reads it; sessions stored before this client stay valid).
    storageKey: `sb-${base.hostname.split('.')[0]}-auth-token`,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    flowType: 'implicit',
  });
}
