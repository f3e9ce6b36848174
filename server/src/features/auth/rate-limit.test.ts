import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows `limit` per window, says when the window ends, and starts again after it', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    expect([1, 2, 3].map(() => limiter.consume('ip', 2, 60))).toEqual([true, true, false]);
    now += 15_000;
    expect(limiter.resetInMs('ip')).toBe(45_000);
    now += 45_000;
    expect(limiter.resetInMs('ip')).toBe(0);
    expect(limiter.consume('ip', 2, 60)).toBe(true);
  });

  it('holds at most maxKeys keys, dropping expired windows and then the oldest', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now, 100);
    for (let i = 0; i < 50; i++) limiter.record(`old-${i}`, 10);
    now += 10_000; // the first 50 windows have ended
    for (let i = 0; i < 1000; i++) limiter.record(`new-${i}`, 60);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest keys are still counted; the oldest live ones were the ones let go.
    expect(limiter.blocked('new-999', 1)).toBe(true);
    expect(limiter.blocked('new-0', 1)).toBe(false);
  });
});
