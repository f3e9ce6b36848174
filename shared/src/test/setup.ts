import { configure } from '@testing-library/react';
import { ASYNC_UTIL_TIMEOUT_MS } from './timeouts.ts';

// The shared components' tests wait on renders beside the other suites of npm test: Testing Library's 1 s default
// was not enough on one core.
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
