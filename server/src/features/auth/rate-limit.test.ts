import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRateLimits } from './rate-limit.ts';

// rate-limiter-flexible times windows with Date.now(): a fake Date (standing still unless moved) stands in for time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const budget = { max: 2, windowSeconds: 60 };

describe('MemoryRateLimits', () => {
  it('allows `max` per window, says what is left and when the window ends, and starts again after it', async () => {
    const limits = new MemoryRateLimits();
    const first = await limits.consume('ip', budget);
    expect(first).toEqual({ ok: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect((await limits.consume('ip', budget)).remaining).toBe(0);
    expect(await limits.consume('ip', budget)).toEqual({
      ok: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 60,
    });
    vi.advanceTimersByTime(15_000);
    expect(await limits.check('ip', budget)).toEqual({ ok: false, limit: 2, remaining: 0, resetSeconds: 45 });
    vi.advanceTimersByTime(45_000);
    expect(await limits.check('ip', budget)).toEqual({ ok: true, limit: 2, remaining: 2, resetSeconds: 0 });
    expect(await limits.consume('ip', budget)).toEqual({
      ok: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
    });
  });

  it('check does not count; record counts whether or not the key is over', async () => {
    const limits = new MemoryRateLimits();
    expect(await limits.check('email', budget)).toEqual({
      ok: true,
      limit: 2,
      remaining: 2,
      resetSeconds: 0,
    });
    expect((await limits.check('email', budget)).remaining).toBe(2);
    expect((await limits.record('email', budget)).ok).toBe(true);
    expect(await limits.record('email', budget)).toEqual({
      ok: true,
      limit: 2,
      remaining: 0,
      resetSeconds: 60,
    });
    expect((await limits.check('email', budget)).ok).toBe(false);
    expect((await limits.record('email', budget)).ok).toBe(false);
  });

  it('a budget with no finite max (AUTH_RATE_LIMITS=false) counts nothing', async () => {
    const limits = new MemoryRateLimits();
    const off = { max: Infinity, windowSeconds: 60 };
    for (let i = 0; i < 5; i++) expect((await limits.consume('ip', off)).ok).toBe(true);
    expect(limits.size).toBe(0);
  });

  it('holds at most maxKeys keys, dropping ended windows and then the oldest', async () => {
    const limits = new MemoryRateLimits(100);
    const short = { max: 1, windowSeconds: 10 };
    const long = { max: 1, windowSeconds: 60 };
    for (let i = 0; i < 50; i++) await limits.record(`old-${i}`, short);
    vi.advanceTimersByTime(10_000); // the first 50 windows have ended
    for (let i = 0; i < 1000; i++) await limits.record(`new-${i}`, long);
    expect(limits.size).toBeLessThanOrEqual(100);
    // The newest keys are still counted; the oldest live ones were the ones let go.
    expect((await limits.check('new-999', long)).ok).toBe(false);
    expect((await limits.check('new-0', long)).ok).toBe(true);
  });
});
