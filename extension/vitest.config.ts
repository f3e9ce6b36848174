import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { UNIT_TEST_TIMEOUT_MS } from '@cofounder/shared/test/timeouts';

// The root vitest config lists this file as the `extension` project: the background's logic and the pages' rules
// against WXT's fake browser (@webext-core/fake-browser: in-memory storage, alarms, action badge, runtime events);
// pages' views as static markup (react-dom/server), since this project has no DOM.
export default defineProject({
  plugins: [WxtVitest()],
  test: {
    name: 'extension',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Files share a worker's module cache (setup.ts empties the fake browser before every test): importing WXT and
    // React once instead of per file took the project from 12.5 s to 5.6 s.
    isolate: false,
    testTimeout: UNIT_TEST_TIMEOUT_MS,
  },
});
