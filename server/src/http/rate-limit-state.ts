import type { Context } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where a request stands against one limit, as the RateLimit-* response headers tell it (the IETF draft
 * "RateLimit header fields for HTTP", draft-ietf-httpapi-ratelimit-headers: Limit, Remaining, Reset in seconds).
 */
export interface RateLimitState {
  /** False: this request is over the limit (the caller answers 429 with Retry-After). */
  ok: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the current window ends; 0 when none is open (nothing counted yet). */
  resetSeconds: number;
}

/** A switched-off limit (USER_RATE_LIMITS / AUTH_RATE_LIMITS=false): always within it, and no headers. */
export const NO_LIMIT: RateLimitState = { ok: true, limit: Infinity, remaining: Infinity, resetSeconds: 0 };

/** Where a limit check reports; a route passes reporterFor(ctx), so the state lands in its response headers. */
export type RateLimitReport = (state: RateLimitState) => void;

/** A request's state from a rate-limiter-flexible result (null, or a window already ended: nothing counted). */
export function stateOf(limit: number, res: RateLimiterRes | null, ok: boolean): RateLimitState {
  if (!res || res.msBeforeNext <= 0) return { ok, limit, remaining: limit, resetSeconds: 0 };
  return {
    ok,
    limit,
    remaining: Math.max(0, limit - res.consumedPoints),
    resetSeconds: Math.ceil(res.msBeforeNext / 1000),
  };
}

/**
 * Counts one request (or `points`) against `key`. rate-limiter-flexible resolves within the limit and rejects with
 * the RateLimiterRes over it; any other rejection is the store failing and goes on as an error.
 */
export async function consumeOne(limiter: RateLimiterAbstract, key: string, points = 1): Promise<RateLimitState> {
  try {
    return stateOf(limiter.points, await limiter.consume(key, points), true);
  } catch (err) {
    if (err instanceof RateLimiterRes) return stateOf(limiter.points, err, false);
    throw err;
  }
}

/** Retry-After for a refused request: the seconds until its window ends, at least 1. */
export const retryAfterSeconds = (state: RateLimitState): number => Math.max(1, state.resetSeconds);

/** The state each response's headers show (one request may be checked against several limits). */
const shown = new WeakMap<Context, RateLimitState>();

/** Whether `a` is nearer to refusing than `b`: refused first, then fewer left. */
function tighter(a: RateLimitState, b: RateLimitState): boolean {
  if (a.ok !== b.ok) return !a.ok;
  return a.remaining < b.remaining;
}

/**
 * Sets RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds) on the response. A request checked against
 * several limits (sign-in: its IP and its address) shows the one it is nearest to running out of, and of two alike
 * the later report (a count after a check of the same key). Retry-After on a 429 comes with the error (errors.ts,
 * auth-error.ts). A switched-off limit sets nothing.
 */
export function reportRateLimit(ctx: Context, state: RateLimitState): void {
  if (!Number.isFinite(state.limit)) return;
  const current = shown.get(ctx);
  if (current && tighter(current, state)) return;
  shown.set(ctx, state);
  ctx.set('RateLimit-Limit', String(state.limit));
  ctx.set('RateLimit-Remaining', String(state.remaining));
  ctx.set('RateLimit-Reset', String(state.resetSeconds));
}

export const reporterFor =
  (ctx: Context): RateLimitReport =>
  (state) =>
    reportRateLimit(ctx, state);
