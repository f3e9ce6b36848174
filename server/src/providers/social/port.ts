import type { SocialApp } from '../../config.ts';

export type SocialPlatform = 'twitter' | 'reddit';

/** What a provider returns for a code exchange or a refresh. */
export interface SocialTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds until the access token expires, when the provider says. */
  expiresIn: number | null;
  scope: string | null;
}

export interface SocialProfile {
  displayName: string;
  username: string;
}

/**
 * Thrown for any provider failure (HTTP error, bad JSON); the message is safe to show (no tokens). A 429 carries
 * how long the provider asked us to wait, when it said.
 */
export class SocialProviderError extends Error {
  override name = 'SocialProviderError';
  constructor(
    message: string,
    /** The provider's HTTP status; null when it could not be reached (worth retrying). */
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** One social platform's OAuth 2.0 app (X or Reddit). */
export interface SocialProvider {
  platform: SocialPlatform;
  /** The browser-facing authorize URL (PKCE S256 challenge, state, exact redirect URI). */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<SocialTokens>;
  refresh(refreshToken: string): Promise<SocialTokens>;
  /** Best effort: revokes the token at the provider. */
  revoke(token: string, kind: 'access_token' | 'refresh_token'): Promise<void>;
  profile(accessToken: string): Promise<SocialProfile>;
  /** Publishes an approved post as the connected account; returns the post's public link. */
  publish(accessToken: string, post: PublishablePost, username: string | null): Promise<{ link: string }>;
}

export type PublishablePost =
  | { platform: 'twitter'; text: string }
  | { platform: 'reddit'; subreddit: string; title: string; body: string };

export type SocialProviders = Partial<Record<SocialPlatform, SocialProvider>>;

export const USER_AGENT = 'web:cofounder-server:1.0 (AI co-founder for startup founders)';
const TIMEOUT_MS = 15_000;

export function basicAuth(app: SocialApp): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`).toString('base64')}`;
}

/**
 * Seconds a rate-limited answer asks us to wait: `retry-after` (seconds or an HTTP date), X's
 * `x-rate-limit-reset` (epoch seconds) or Reddit's `x-ratelimit-reset` (seconds from now); null when none says.
 */
export function retryAfterOf(headers: Headers, nowMs = Date.now()): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, (date - nowMs) / 1000);
  }
  const xReset = Number(headers.get('x-rate-limit-reset') ?? NaN);
  if (Number.isFinite(xReset)) return Math.max(0, xReset - nowMs / 1000);
  const redditReset = Number(headers.get('x-ratelimit-reset') ?? NaN);
  if (Number.isFinite(redditReset)) return Math.max(0, redditReset);
  return null;
}

/** A JSON request to a provider; non-2xx or non-JSON → SocialProviderError naming the endpoint and status. */
export async function providerJson(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new SocialProviderError(`${what} failed: the provider could not be reached`);
  }
  const text = await res.text();
  const retryAfter = res.status === 429 ? retryAfterOf(res.headers) : null;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new SocialProviderError(`${what} failed: unexpected answer (HTTP ${res.status})`, res.status, retryAfter);
  }
  const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (!res.ok || typeof obj.error === 'string') {
    const code = typeof obj.error === 'string' ? obj.error : `HTTP ${res.status}`;
    throw new SocialProviderError(`${what} failed: ${code.slice(0, 100)}`, res.status, retryAfter);
  }
  return obj;
}

export function tokensFrom(body: Record<string, unknown>, what: string): SocialTokens {
  if (typeof body.access_token !== 'string' || !body.access_token) throw new SocialProviderError(`${what} failed: no access token`);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
    scope: typeof body.scope === 'string' ? body.scope : null,
  };
}
