import { expect, test } from '../support/test.ts';
import { SERVER_RENDER_MARKERS } from '@cofounder/shared';
import { pickInterval } from '../pages/billing.ts';
import { signInNewFounder } from '../pages/dashboard.ts';

// Issue 26: /pricing, /contact and /login come rendered by the server, paint before any script, and the app then
// takes that markup over (hydrates it) instead of drawing the page again: they are island pages, which Preact
// hydrates without the SPA's runtime.

const PAGES = [
  { path: '/pricing', heading: 'Pricing', title: 'Pricing — Cofounder' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact Us — Cofounder' },
  { path: '/login', heading: 'Welcome Back', title: 'Sign In — Cofounder' },
];

test('without JavaScript each page is already there: its heading, its title, its form', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, heading, title } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page, path).toHaveTitle(title);
  }
  await expect(page.getByLabel('Email')).toBeAttached();
  await expect(page.getByLabel('Password', { exact: true })).toBeAttached();
  await page.goto('/pricing');
  await expect(page.getByText('Billing runs in local mode: checkout happens on this server')).toBeAttached();
  await context.close();
});

test('the app takes the rendered page over without drawing it again, then it works', async ({ page }) => {
  // Every node removed from #root: a page drawn again would remove the server's markup.
  await page.addInitScript(() => {
    const w = window as unknown as { removedFromRoot: number };
    w.removedFromRoot = 0;
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).id === 'root') w.removedFromRoot += r.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
  const configCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/config') configCalls.push(r.url());
  });
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page.locator('#root'), path).toHaveAttribute(SERVER_RENDER_MARKERS.rootAttribute);
    // Its form is inert until the app owns it (text typed before then would be lost), then live.
    if (path !== '/pricing') await expect(page.locator('form'), path).not.toHaveAttribute('inert');
    expect(await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot), path).toBe(0);
  }
  // The config came with the page.
  expect(configCalls).toEqual([]);

  // The island page asks the API for nothing: the prices came with the page too.
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
  });
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: /Switch to yearly/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);

  // Hydrated, the pages answer: the interval toggle, the contact form's checks, the sign-in form's.
  await page.goto('/pricing');
  await pickInterval(page, 'Annual');
  await expect(page.getByRole('button', { name: /Switch to yearly/ })).toHaveCount(0);
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please fix the errors below')).toBeVisible();
});

test('a signed-in founder gets their own page, not the signed-out one the server rendered', async ({ page }) => {
  await signInNewFounder(page);
  await page.goto('/pricing');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  // /login sends them on to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard/);
});
