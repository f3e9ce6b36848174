import { describe, expect, it } from 'vitest';
import { isAppPagePath } from './app-routes.ts';

describe('isAppPagePath', () => {
  it('knows the app pages, in any case and with a trailing slash', () => {
    for (const path of ['/', '/pricing', '/login', '/Pricing', '/dashboard/chat/', '/dev/checkout']) {
      expect(isAppPagePath(path), path).toBe(true);
    }
  });

  it('knows nothing else', () => {
    for (const path of [
      '',
      '/no/such/page',
      '/pricing/x',
      '/pricing//',
      '/dashboard/nope',
      '/api/health',
      '/assets/app.js',
    ]) {
      expect(isAppPagePath(path), path).toBe(false);
    }
  });
});
