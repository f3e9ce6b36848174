/**
 * Reading what the auth server puts in redirect URLs. The local server sends reset tokens in the query string
 * and confirmation results in the hash; hosted Supabase uses the hash for both, so both places are read.
 */
export function authUrlParams(search: string, hash: string): URLSearchParams {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  // The query string wins: it is where this product's own server puts reset tokens.
  for (const [key, value] of new URLSearchParams(search)) params.set(key, value);
  return params;
}

export interface ResetTokens {
  accessToken: string;
  refreshToken: string;
}

/** Both tokens of a password-reset link, or null when either is missing (spec 1 §2 "Invalid Reset Link"). */
export function readResetTokens(search: string, hash: string): ResetTokens | null {
  const params = authUrlParams(search, hash);
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

export type ConfirmationResult = { status: 'confirmed' } | { status: 'failed'; message: string } | null;

/** The outcome of a confirmation link landing on /verify-email, or null when the URL carries none. */
export function readConfirmationResult(search: string, hash: string): ConfirmationResult {
  const params = authUrlParams(search, hash);
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { status: 'failed', message: error };
  if (params.get('type') === 'signup' && params.get('access_token')) return { status: 'confirmed' };
  return null;
}

/** Absolute URL on this origin, for the redirect targets the auth server puts in emails. */
export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
