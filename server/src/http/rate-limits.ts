import { lt, sql } from 'drizzle-orm';
import type { Middleware } from 'koa';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { currentUser } from './auth.ts';
import { AppError } from './errors.ts';

// Per-user limits that hold across server processes (issue 13 §5): a fixed-window counter per key in the
// database, one upsert per request. The in-memory limiters (auth per IP, contact per IP) damp floods per process;
// these cap what one account may spend (model calls, call sessions, texts), so they must not multiply with the
// number of processes.

export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Counts one request for `key`; ok false (with the seconds until the window ends) once over `limit.max`. */
  hit(key: string, limit: WindowLimit): Promise<{ ok: boolean; retryAfterSeconds: number }>;
}

/** USER_RATE_LIMITS=false: every request is within budget (end-to-end and proof runs send everything from one client). */
export const UNLIMITED: RateLimits = { hit: async () => ({ ok: true, retryAfterSeconds: 0 }) };

/** Windows older than this are deleted now and then (no limit spans more than a day). */
const KEEP_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY = 500;

export function createRateLimits(db: Db, now: () => number): RateLimits {
  let hits = 0;
  return {
    async hit(key, { max, windowMs }) {
      const at = now();
      const windowStart = at - (at % windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      if (++hits % SWEEP_EVERY === 0)
        await db.delete(rateLimits).where(lt(rateLimits.windowStart, at - KEEP_MS));
      return {
        ok: row!.count <= max,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)),
      };
    },
  };
}

/** Route middleware: the signed-in user's `name` budget; over it → 429 with Retry-After and `message`. */
export function limitPerUser(
  limits: RateLimits,
  name: string,
  limit: WindowLimit,
  message: string,
): Middleware {
  return async (ctx, next) => {
    const { ok, retryAfterSeconds } = await limits.hit(`${name}:${currentUser(ctx).id}`, limit);
    if (!ok) throw AppError.rateLimited(message, retryAfterSeconds);
    return next();
  };
}
