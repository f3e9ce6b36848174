/** A fixed-window counter per key, in memory and per process (like the auth and contact limits). */
export function windowLimiter(limit: { max: number; windowMs: number }, now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one hit; false when the key is over its limit for this window. */
    hit(key: string): boolean {
      const t = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (t - w.start >= limit.windowMs) windows.delete(k);
      const w = windows.get(key);
      if (!w || t - w.start >= limit.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= limit.max;
    },
  };
}
