interface Window {
  count: number;
  resetAtMs: number;
}

/**
 * Fixed-window counters in memory. They are per process: with several server processes behind a load
 * balancer each one counts on its own, so the effective limit is multiplied by the process count. That is
 * acceptable for abuse damping; it is not an exact quota.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

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
    if (this.windows.size > 50_000) this.sweep();
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
  }
}
