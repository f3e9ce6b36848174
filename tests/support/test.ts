import { test as base, expect, type BrowserContext } from '@playwright/test';

/**
 * Every console error and uncaught exception of a context's pages (and workers), as "type: text". What a founder
 * would see in DevTools as red: a failed request, a React warning logged as an error, an exception.
 */
export function watchConsoleErrors(context: BrowserContext, allowed: RegExp | null): string[] {
  const errors: string[] = [];
  const keep = (text: string) => {
    if (!allowed?.test(text)) errors.push(text);
  };
  context.on('console', (message) => {
    if (message.type() === 'error') keep(`console.error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => keep(`uncaught: ${error.error().message}`));
  return errors;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chromium's console line for a request the server refused with `status`, on a URL containing `path`. */
export const refused = (status: number, path: string) =>
  new RegExp(`status of ${status} \\(.*\\) \\(http[^ ]*${escape(path)}`);

/** One pattern matching any of `patterns` (an option's value cannot be an array: Playwright reads those as tuples). */
export const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'));

export interface ConsoleOptions {
  /** Console errors this test causes on purpose (a refused request it checks): `anyOf(refused(…), …)`. */
  consoleErrorsAllowed: RegExp | null;
}

/** Playwright's test, failing any test whose pages log a console error it did not declare. */
export const test = base.extend<ConsoleOptions>({
  consoleErrorsAllowed: [null, { option: true }],
  context: async ({ context, consoleErrorsAllowed }, use) => {
    const errors = watchConsoleErrors(context, consoleErrorsAllowed);
    await use(context);
    expect(errors, 'console errors on the pages this test opened').toEqual([]);
  },
});

export { expect };
