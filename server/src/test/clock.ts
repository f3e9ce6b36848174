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
 * Moves the clock to just after the start of the next fixed window of `windowMs` (the per-user budgets count in
 * fixed windows), so a test's burst of requests never straddles two windows.
 */
export function alignToWindow(clock: TestClock, windowMs: number): void {
  clock.advance(windowMs - (clock.now() % windowMs) + 50);
}
