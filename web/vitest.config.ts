import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { UNIT_TEST_TIMEOUT_MS } from '@cofounder/shared/test/timeouts';

// The root vitest config lists this file as the `web` project; components run in happy-dom.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Files share a worker's module cache and DOM environment (setup.ts cleans the DOM, storage and clocks after
    // every test): 136 s isolated, 33 s not.
    isolate: false,
    // A timeout catches a hang, not slowness: the investors list's paging test (three pages of 50 cards, 1-4 s
    // alone) took 23 s on one core beside the server suites.
    testTimeout: UNIT_TEST_TIMEOUT_MS,
  },
});
