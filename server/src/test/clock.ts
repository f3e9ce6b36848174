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
