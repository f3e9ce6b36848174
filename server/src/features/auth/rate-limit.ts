interface Window {
  count: number;
  resetAtMs: number;
}

/**
 * Fixed-window counters in memory. They are per process: with several server processes behind a load
 * balancer each one counts on its own, so the effective limit is multiplied by the process count. That is
 * acceptable for abuse damping; it is not an exact quota.
 *
 * Memory is bounded: past `maxKeys` keys, expired windows are dropped, and if that is not enough the oldest
 * windows go too (down to 90% of the cap, so the sweep runs once per many inserts). An evicted key simply
 * starts counting again, which only a flood of distinct keys within one window can cause.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly now: () => number,
    private readonly maxKeys = 50_000,
  ) {}

  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAtMs <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  /** True when `key` has already used up `limit` in its window. */
  blocked(key: string, limit: number): boolean {
    return (this.current(key)?.count ?? 0) >= limit;
  }

  /** Counts one request against `key`. */
  record(key: string, windowSeconds: number): void {
    const w = this.current(key);
    if (w) w.count++;
    else this.windows.set(key, { count: 1, resetAtMs: this.now() + windowSeconds * 1000 });
    if (this.windows.size > this.maxKeys) this.sweep();
  }

  /** Milliseconds until `key`'s window ends (0 when it has none). */
  resetInMs(key: string): number {
    const w = this.current(key);
    return w ? Math.max(0, w.resetAtMs - this.now()) : 0;
  }

  /** How many keys are held (tests of the memory bound). */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one request and says whether it is within the limit. */
  consume(key: string, limit: number, windowSeconds: number): boolean {
    if (this.blocked(key, limit)) return false;
    this.record(key, windowSeconds);
    return true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAtMs <= now) this.windows.delete(key);
    // A new window is always inserted at the end of the map, so iteration order is oldest window first.
    const keep = Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= keep) break;
      this.windows.delete(key);
    }
  }
}
