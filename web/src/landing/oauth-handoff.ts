/**
 * The SPA adopts an OAuth return's tokens from the URL hash on any path (features/auth/oauth-redirect.ts), but a
 * full load of "/" is this page, which has no auth client: an auth server that falls back to the site root
 * (`/#access_token=…&refresh_token=…`) is handed on to the dashboard, where the SPA adopts them. Returns the URL to
 * go to, or null to stay.
 */
export function oauthHandoffUrl(location: Pick<Location, 'hash' | 'search'>): string | null {
  if (!location.hash.includes('access_token=')) return null;
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get('access_token') || !params.get('refresh_token')) return null;
  return `/dashboard/chat${location.search}${location.hash}`;
}
