// How long a unit test, and a Testing Library wait in it, may take before it counts as hung: generous, so the
// suites pass on a machine with one core, or one busy with the other lanes of `npm test`. A wait that succeeds ends
// as soon as it does; only a failure takes the whole allowance.
export const UNIT_TEST_TIMEOUT_MS = 60_000;
export const ASYNC_UTIL_TIMEOUT_MS = 20_000;
