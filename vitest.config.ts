import { defineConfig } from 'vitest/config';
import { UNIT_TEST_TIMEOUT_MS } from './shared/src/test/timeouts.ts';

// One vitest run covers shared rules, server areas and web components; Playwright specs live in tests/
// and are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure functions and schemas: nothing to isolate (as below for server and web).
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
          testTimeout: UNIT_TEST_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; each file's openTestDatabase() gets a copy of it (server/src/test/db.ts).
          globalSetup: ['src/test/global-setup.ts'],
          // Files share a worker's module cache: each builds its own app, database and providers, so nothing is
          // shared but compiled code, and the server graph and PGlite's WASM load once per worker instead of once
          // per file (the suite took 480 s isolated, 235 s not, on two cores).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
      './extension/vitest.config.ts',
    ],
  },
});
