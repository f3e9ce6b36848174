import { lt } from 'drizzle-orm';
import type { Context, Middleware } from 'koa';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { currentUser } from './auth.ts';
import { AppError } from './errors.ts';
import {
  consumeOne,
  NO_LIMIT,
  reportRateLimit,
  retryAfterSeconds,
  stateOf,
  type RateLimitState,
} from './rate-limit-state.ts';

// Per-user limits that hold across server processes (issue 13 §5). The in-memory limiters (auth per IP and address,
// contact per IP: features/auth/rate-limit.ts) damp floods per process; these cap what one account may spend (model
// calls, call sessions, texts), so they must not multiply with the number of processes.
//
// Store: rate-limiter-flexible's RateLimiterDrizzle over our own drizzle handle and the `rate_limits` table (schema.ts,
// created by our migrations). It is the one store that works on both databases we run on: RateLimiterPostgres wants a
// pg pool (or Knex, Sequelize, TypeORM) and creates its table itself, and PGlite is none of those; drizzle is how this
// server talks to PGlite and PostgreSQL alike. Each hit is one atomic INSERT … ON CONFLICT DO UPDATE, so concurrent
// processes count into the same row. Windows start with a key's first request (the library's "enhanced fixed window")
// and are timed with Date.now(), not the app's injected clock: tests move time with fake timers (test/clock.ts travel).

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** What take() granted of the points asked for, and where the key stands after. */
export interface Taken {
  granted: number;
  state: RateLimitState;
}

export interface RateLimits {
  /** Counts one request for `key`; ok false (with the seconds until the window ends) once over `limit.max`. */
  hit(key: string, limit: WindowLimit): Promise<RateLimitState>;
  /**
   * Counts up to `wanted` points for `key`, as many as its window has left (one request that starts several pieces
   * of work: each is a point). granted 0 and ok false when none is left; concurrent takes never grant past max.
   */
  take(key: string, limit: WindowLimit, wanted: number): Promise<Taken>;
}

/** USER_RATE_LIMITS=false: every request is within budget (end-to-end and proof runs send everything from one client). */
export const UNLIMITED: RateLimits = {
  hit: async () => NO_LIMIT,
  take: async (_key, _limit, wanted) => ({ granted: wanted, state: NO_LIMIT }),
};

/** Ended windows are deleted once every this many hits (the library's own sweep is a timer that outlives the database). */
export const SWEEP_EVERY = 500;

export function createRateLimits(db: Db): RateLimits {
  // One limiter per distinct limit (the library fixes points and duration per instance); all share the table, and a
  // key names its budget (`chat:<user id>`), so the row key is ours as it is (no prefix).
  const limiters = new Map<string, RateLimiterDrizzle>();
  const limiterFor = ({ max, windowMs }: WindowLimit) => {
    const id = `${max}/${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        points: max,
        duration: windowMs / 1000,
        keyPrefix: '',
        clearExpiredByTimeout: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  let hits = 0;
  const sweep = async () => {
    if (++hits % SWEEP_EVERY === 0) await db.delete(rateLimits).where(lt(rateLimits.expire, new Date()));
  };
  return {
    async hit(key, limit) {
      const state = await consumeOne(limiterFor(limit), key);
      await sweep();
      return state;
    },
    async take(key, limit, wanted) {
      const limiter = limiterFor(limit);
      const current = await limiter.get(key);
      if (wanted <= 0) return { granted: 0, state: stateOf(limit.max, current, true) };
      const used = current && current.msBeforeNext > 0 ? current.consumedPoints : 0;
      const granted = Math.min(wanted, Math.max(0, limit.max - used));
      // Nothing left (or nothing wanted): counted as one refused request, so the answer carries the window's state.
      const state = await consumeOne(limiter, key, Math.max(1, granted));
      await sweep();
      // Another take counted first (the read above is not a lock): the consume was refused, nothing is granted.
      return { granted: state.ok ? granted : 0, state };
    },
  };
}

/**
 * Route middleware: the signed-in user's `name` budget. Every answer carries the RateLimit-* headers; over the budget
 * → 429 with Retry-After and `message`.
 */
export function limitPerUser(
  limits: RateLimits,
  name: string,
  limit: WindowLimit,
  message: string,
): Middleware {
  return async (ctx, next) => {
    const state = await limits.hit(`${name}:${currentUser(ctx).id}`, limit);
    reportRateLimit(ctx, state);
    if (!state.ok) throw AppError.rateLimited(message, retryAfterSeconds(state));
    return next();
  };
}

/**
 * The signed-in user's `name` budget for a request that starts `wanted` pieces of work (tasks sent to run): how many
 * may start now. The answer carries the RateLimit-* headers; none left (while some were wanted) → 429 with
 * Retry-After and `message`.
 */
export async function takePerUser(
  ctx: Context,
  limits: RateLimits,
  name: string,
  limit: WindowLimit,
  wanted: number,
  message: string,
): Promise<number> {
  const { granted, state } = await limits.take(`${name}:${currentUser(ctx).id}`, limit, wanted);
  reportRateLimit(ctx, state);
  if (!state.ok) throw AppError.rateLimited(message, retryAfterSeconds(state));
  return granted;
}
