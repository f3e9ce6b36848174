import { axeViolations, startInTheme } from '../support/axe.ts';
import { anyOf, expect, refused, test } from '../support/test.ts';

// The unknown page is checked too, and answers 404 on purpose.
test.use({ consoleErrorsAllowed: anyOf(refused(404, '/no-such-page')) });

// Issues 9 and 26: axe (WCAG 2.1 A and AA) finds no violation of any impact on any public page, in the dark and
// the light theme.

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/terms',
  '/privacy',
  '/careers',
  '/login',
  '/register',
  '/forgot-password',
  '/oauth-debug',
  '/activity-test',
  '/no-such-page',
];

for (const theme of ['dark', 'light'] as const) {
  test(`public pages have no WCAG 2.1 AA axe violations (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000);
    await startInTheme(page, theme);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      found.push(...(await axeViolations(page, path)));
    }
    // Every page is checked before failing, so one run names every violation.
    expect(found, `the ${theme} theme`).toEqual([]);
  });
}
