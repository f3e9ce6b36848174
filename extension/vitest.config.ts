import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// The root vitest config lists this file as the `extension` project: the background's logic against WXT's fake
// browser (@webext-core/fake-browser: in-memory storage, alarms, action badge, runtime events).
export default defineProject({
  plugins: [WxtVitest()],
  test: {
    name: 'extension',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
