/**
 * How long an expectation waits by default, and a test: generous, so a machine with one core (or one busy with the
 * other suites) passes too. A wait that succeeds ends as soon as it does; only a failure takes the whole allowance.
 */
export const EXPECT_TIMEOUT_MS = 20_000;
export const TEST_TIMEOUT_MS = 120_000;
