import { vi } from 'vitest';

/** A clock that follows real time but can be pushed forward, for cooldowns and expiries. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

/**
 * Moves the process's Date forward by `ms`, for what reads Date.now() itself rather than the app's injected clock:
 * the rate limiters (rate-limiter-flexible times its windows with Date.now()). Every TestClock follows Date.now(), so
 * the apps' clocks move along. The first call swaps in vitest's fake Date (only Date: timers stay real, and the faked
 * time keeps running); a file that travels calls vi.useRealTimers() in afterAll, once its servers are closed (the
 * server project shares a worker between files).
 */
export function travel(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}
