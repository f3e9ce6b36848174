import { expect, test } from '../support/test.ts';
import { EXPECT_TIMEOUT_MS } from '../support/timeouts.ts';
import { FREE_TRIAL_DAYS, LEGAL } from '@cofounder/shared';
import { signInNewFounder } from '../pages/dashboard.ts';

test('every public route renders its key content and title', async ({ page }) => {
  const routes: [string, RegExp | string][] = [
    ['/', 'Your AI Intern That Builds Your Startup'],
    ['/pricing', 'Pricing'],
    ['/contact', /contact/i],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/careers', /careers|join/i],
    ['/oauth-debug', 'OAuth Debug'],
    ['/activity-test', 'Activity Test'],
  ];
  for (const [path, heading] of routes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page, path).toHaveTitle(/Cofounder/);
  }
  await page.goto('/terms');
  await expect(page.getByText(`Last updated ${LEGAL.lastUpdated}`)).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('navigation', { name: /contents/i }).getByRole('link')).toHaveCount(12);
  await page.goto('/careers');
  await expect(page.getByRole('heading', { name: 'Software Engineer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Growth/ })).toBeVisible();
});

test('landing: header links, in-page anchors, the trial from the shared constant, the FAQ opens one at a time', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText(`${FREE_TRIAL_DAYS}-day free trial`).first()).toBeVisible();
  await expect(page.getByText('7-day')).toHaveCount(0);
  const hero = page.getByRole('link', { name: 'Get Your AI Intern Free' });
  await expect(hero).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/login');

  await page.getByRole('link', { name: 'See How Your AI Intern Works' }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(page.locator('#how-it-works')).toBeInViewport();

  const nav = page.getByRole('banner').getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Features' }).click();
  await expect(page.locator('#features')).toBeInViewport();
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).first().click();
  await expect(page).toHaveURL(/\/#how-it-works$/);
  await expect(page.locator('#how-it-works')).toBeInViewport();

  // FAQ: one item open at a time; clicking the open one closes it.
  const first = page.getByRole('button', { name: 'Is there a long-term contract?' });
  const second = page.getByRole('button', { name: 'How long does onboarding take?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: focus and Enter open it.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
});

test('the mobile menu opens from its toggle and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /menu/i });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The landing is prerendered and hydrates after its first frame: a tap before that does nothing, so tap again.
  await expect(async () => {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: EXPECT_TIMEOUT_MS });
  await expect(page.getByRole('link', { name: 'Contact' }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('signed in, the landing offers the dashboard and the header shows the account', async ({ page }) => {
  const user = await signInNewFounder(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toHaveAttribute('href', '/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  // The account menu names who is signed in.
  await header.getByRole('button', { name: 'Account menu' }).first().click();
  await expect(page.getByRole('menu')).toContainText(user.email);
});

test('robots.txt, sitemap.xml and the icons are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  expect(await robots.text()).toContain('Disallow: /dashboard');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  const xml = await sitemap.text();
  for (const path of ['/pricing', '/contact', '/terms', '/privacy', '/careers']) expect(xml).toContain(`${path}</loc>`);
  for (const icon of ['/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest']) {
    expect((await request.get(icon)).ok(), icon).toBe(true);
  }
});
