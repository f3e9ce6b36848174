import { axeInBothThemes, startInTheme } from '../support/axe.ts';
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

test('public pages have no WCAG 2.1 AA axe violations in the dark and the light theme', async ({ page }) => {
  test.setTimeout(240_000);
  // The "system" theme follows the OS scheme live: each page is opened once and checked dark, then light.
  await startInTheme(page, 'system');
  const found: string[] = [];
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    found.push(...(await axeInBothThemes(page, path)));
  }
  // Every page is checked before failing, so one run names every violation.
  expect(found).toEqual([]);
});
