import { createClient } from '@supabase/supabase-js';
import type { PublicConfig } from '@cofounder/shared';
import type { AuthClient } from '../features/auth/auth-client.ts';

/**
 * The one supabase client of the page. A null `supabaseUrl` means this server's own /auth/v1. URL detection is
 * off: /verify-email and /reset-password read their tokens themselves and decide what to keep.
 */
export function createAuthClient(config: PublicConfig): AuthClient {
  const supabase = createClient(config.supabaseUrl ?? window.location.origin, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, flowType: 'implicit' },
  });
  return supabase.auth;
}
