import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

/** Every CSP violation the page reports, and console errors saying something was refused. */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Refused to|Content Security Policy/i.test(m.text()))
      violations.push(m.text());
  });
  // Before any page script runs: a violation during start-up (the landing page's theme snippet) counts too.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Refused to load ${e.blockedURI || 'inline'} (${e.violatedDirective}) on ${location.pathname}`,
      ),
    );
  });
  return violations;
}

test('the landing page, sign-in and the dashboard chat run under the CSP with nothing refused', async ({
  page,
}) => {
  const violations = recordViolations(page);
  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The inline theme snippet runs by its hash (were it refused, `violations` would say so): a stored light theme.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await signInNewFounder(page);
  await expect(page.getByRole('log', { name: 'Conversation' })).toBeVisible();
  await page.goto('/dev/checkout');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
