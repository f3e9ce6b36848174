import { defineConfig } from 'vitest/config';

// One vitest run covers shared rules, server areas and web components; Playwright specs live in tests/
// and are never picked up here.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; each file's openTestDatabase() gets a copy of it (server/src/test/db.ts).
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
