import { isAuthApiError } from '@supabase/auth-js';

/** Why a sign-in attempt failed, in the terms the popup explains to the user. */
export type SignInFailure =
  | { kind: 'invalid_credentials' }
  | { kind: 'email_not_confirmed' }
  | { kind: 'unreachable' }
  | { kind: 'other'; message: string };

/** Maps a supabase-js sign-in error to a failure; network errors and 5xx mean the server is unreachable. */
export function classifySignInError(error: unknown): SignInFailure {
  if (!isAuthApiError(error) || error.status >= 500) return { kind: 'unreachable' };
  if (error.code === 'invalid_credentials') return { kind: 'invalid_credentials' };
  if (error.code === 'email_not_confirmed') return { kind: 'email_not_confirmed' };
  return { kind: 'other', message: error.message };
}
