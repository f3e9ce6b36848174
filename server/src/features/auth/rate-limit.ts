import { RateLimiterMemory } from 'rate-limiter-flexible';
import { consumeOne, NO_LIMIT, stateOf, type RateLimitState } from '../../http/rate-limit-state.ts';

/** `max` requests per key in a window of `windowSeconds` that starts with the key's first request. */
export interface Budget {
  max: number;
  windowSeconds: number;
}

/**
 * Per-process limits (auth per IP and per address, the contact form per IP) on rate-limiter-flexible's
 * RateLimiterMemory. With several server processes behind a load balancer each one counts on its own, so the
 * effective limit is multiplied by the process count: acceptable for abuse damping, not an exact quota (the per-user
 * budgets in http/rate-limits.ts are counted in the database). A budget whose max is not finite (AUTH_RATE_LIMITS=false)
 * counts nothing. Windows are timed with Date.now() (tests move it with test/clock.ts travel).
 *
 * Memory is bounded. The library drops a key when its window ends (a timer per key), which alone would let a flood of
 * distinct keys within one window grow without limit; so past `maxKeys` keys, ended windows are dropped and then the
 * oldest (down to 90% of the cap, so the sweep runs once per many inserts). An evicted key simply starts counting
 * again, which only such a flood can cause.
 */
export class MemoryRateLimits {
  /** One library limiter per distinct budget (it fixes points and duration per instance). */
  private readonly limiters = new Map<string, RateLimiterMemory>();
  /** Every key with a window, oldest window first, with the limiter holding it and when its window ends. */
  private readonly windows = new Map<string, { limiter: RateLimiterMemory; endsAtMs: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  private limiterFor({ max, windowSeconds }: Budget): RateLimiterMemory {
    const id = `${max}/${windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: max, duration: windowSeconds, keyPrefix: '' });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Where `key` stands, without counting: ok false once it has used up `budget.max` in its window. */
  async check(key: string, budget: Budget): Promise<RateLimitState> {
    if (!Number.isFinite(budget.max)) return NO_LIMIT;
    const state = stateOf(budget.max, await this.limiterFor(budget).get(key), true);
    return { ...state, ok: state.remaining > 0 };
  }

  /** Counts one request against `key`, over the budget or not (a failure that counts toward a later refusal). */
  async record(key: string, budget: Budget): Promise<RateLimitState> {
    if (!Number.isFinite(budget.max)) return NO_LIMIT;
    const limiter = this.limiterFor(budget);
    const res = await limiter.penalty(key);
    this.track(key, limiter, res.msBeforeNext);
    return stateOf(budget.max, res, res.consumedPoints <= budget.max);
  }

  /** Counts one request against `key`: ok false once over `budget.max` in its window. */
  async consume(key: string, budget: Budget): Promise<RateLimitState> {
    if (!Number.isFinite(budget.max)) return NO_LIMIT;
    const limiter = this.limiterFor(budget);
    const state = await consumeOne(limiter, key);
    this.track(key, limiter, state.resetSeconds * 1000);
    return state;
  }

  /** How many keys are held (tests of the memory bound). */
  get size(): number {
    return this.windows.size;
  }

  private track(key: string, limiter: RateLimiterMemory, msBeforeNext: number): void {
    const now = Date.now();
    const held = this.windows.get(key);
    if (held && held.endsAtMs > now) return;
    // A new window goes to the end of the map, so iteration order stays oldest window first.
    this.windows.delete(key);
    this.windows.set(key, { limiter, endsAtMs: now + msBeforeNext });
    if (this.windows.size > this.maxKeys) this.sweep(now);
  }

  private sweep(now: number): void {
    const drop = (key: string, limiter: RateLimiterMemory) => {
      this.windows.delete(key);
      void limiter.delete(key);
    };
    for (const [key, w] of this.windows) if (w.endsAtMs <= now) drop(key, w.limiter);
    const keep = Math.floor(this.maxKeys * 0.9);
    for (const [key, w] of this.windows) {
      if (this.windows.size <= keep) break;
      drop(key, w.limiter);
    }
  }
}
