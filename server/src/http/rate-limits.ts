import { lt } from 'drizzle-orm';
import type { Middleware } from 'koa';
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

export interface RateLimits {
  /** Counts one request for `key`; ok false (with the seconds until the window ends) once over `limit.max`. */
  hit(key: string, limit: WindowLimit): Promise<RateLimitState>;
}

/** USER_RATE_LIMITS=false: every request is within budget (end-to-end and proof runs send everything from one client). */
export const UNLIMITED: RateLimits = { hit: async () => NO_LIMIT };

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
  return {
    async hit(key, limit) {
      const state = await consumeOne(limiterFor(limit), key);
      if (++hits % SWEEP_EVERY === 0) await db.delete(rateLimits).where(lt(rateLimits.expire, new Date()));
      return state;
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
