import { anyOf, expect, test } from '../support/test.ts';
import { EXPECT_TIMEOUT_MS } from '../support/timeouts.ts';
import { APP_PAGE_PATHS, TESTIMONIALS_NOTE, THEME_CHOICES } from '@cofounder/shared';

// Issue 25, the public side of a founder's walkthrough: the theme selector, pages for any client, honest quotes.

const [DARK, LIGHT, SYSTEM] = THEME_CHOICES.map((c) => c.label) as [string, string, string];

test('the theme selector offers dark, light and system; system follows the OS setting live', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  const themes = page.getByRole('banner').getByRole('group', { name: 'Theme' });
  await expect(themes.getByRole('button', { name: DARK })).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveClass(/\bdark\b/);
  // "/" is prerendered and hydrates after its first paint: a click before that reaches no handler, so click again.
  await expect(async () => {
    await themes.getByRole('button', { name: SYSTEM }).click();
    await expect(html).not.toHaveClass(/\bdark\b/, { timeout: 1_000 });
  }).toPass({ timeout: EXPECT_TIMEOUT_MS });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);

  // Stored locally: the choice is still "system" on the next page load and on another page.
  await page.goto('/pricing');
  await expect(page.getByRole('banner').getByRole('button', { name: SYSTEM })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('banner').getByRole('button', { name: LIGHT }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test.describe('page addresses', () => {
  // The browser reports the unknown page's own 404 as a console error: here it is what the test asks for.
  test.use({ consoleErrorsAllowed: anyOf(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/no\/such\/page\)/) });

  test('every app page answers with the app whatever the client accepts; other addresses answer 404', async ({
    request,
    page,
  }) => {
    for (const path of APP_PAGE_PATHS) {
      for (const accept of ['*/*', 'application/json']) {
        const res = await request.get(path, { headers: { accept }, maxRedirects: 0 });
        expect(res.status(), `${path} (${accept})`).toBe(200);
        expect(res.headers()['content-type'], path).toContain('text/html');
      }
    }
    const unknown = await request.get('/no/such/page', { headers: { accept: '*/*' } });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()['content-type']).toContain('text/html');

    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test('the landing page labels its testimonials as illustrative', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Founders Love Their AI Intern' });
  await expect(section.getByText(TESTIMONIALS_NOTE)).toBeVisible();
});
