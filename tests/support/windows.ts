import type { Page } from '@playwright/test';

/**
 * Resolves once `page` is closed, also when it closed before this was called: a window that closes itself (the
 * OAuth flow's) can be gone by the time a test looks, and a 'close' listener added after that would wait forever.
 */
export function whenClosed(page: Page): Promise<void> {
  return page.isClosed() ? Promise.resolve() : page.waitForEvent('close').then(() => undefined);
}
