import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { ASYNC_UTIL_TIMEOUT_MS } from '@cofounder/shared/test/timeouts';

// npm test runs this suite beside the server's: a screen's first render after a click can take longer than Testing
// Library's 1 s default (over 5 s on one core), which made findBy* fail on load alone.
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// vitest runs without globals, so Testing Library cannot register its own cleanup. Files share a worker
// (isolate: false), so a test's fake clock must not outlive it either.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // A file in Node's environment (the server render's test) has no storage to clear.
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
