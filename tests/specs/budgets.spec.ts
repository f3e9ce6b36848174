import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test.ts';
import { chatInput } from '../pages/chat.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { DASHBOARD_CHAT_JS_BUDGET_KB, scriptsLoadedBy, WEB_DIST } from '../support/page-js.ts';

// Issue 13 §11, tightened by issue 27: the dashboard chat route loads at most 200 KB of gzip JavaScript. Measured
// as a founder meets it: a fresh load of /dashboard/chat, signed in, every script the page fetched until the chat
// is usable, each counted at its gzip size.
test(`the dashboard chat route loads at most ${DASHBOARD_CHAT_JS_BUDGET_KB} KB of gzip JavaScript`, async ({ page }) => {
  await signInNewFounder(page);
  const sizes = await scriptsLoadedBy(page, async () => {
    await page.reload();
    await expect(chatInput(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  const totalKb = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  for (const { path, gzip } of sizes) console.log(`${(gzip / 1024).toFixed(1).padStart(7)} KB  ${path}`);
  console.log(`dashboard chat route: ${totalKb.toFixed(1)} KB gzip JS in ${sizes.length} files (budget ${DASHBOARD_CHAT_JS_BUDGET_KB} KB)`);
  expect(sizes.length).toBeGreaterThan(1);
  expect(totalKb).toBeLessThanOrEqual(DASHBOARD_CHAT_JS_BUDGET_KB);
});

// Building every endpoint's schemas cost a page 35 ms of start-up; the client loads the route contract with its
// first call (shared/src/api/call.ts, the `contract` chunk of web/vite.config.ts). /register calls nothing as it loads.
test('a page that has called no API has not loaded the route contract', async ({ page }) => {
  expect(readdirSync(join(WEB_DIST, 'assets')).some((name) => /^contract-.*\.js$/.test(name)), 'the contract chunk').toBe(true);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/register');
  await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.startsWith('/assets/main-')), 'the app loaded').toBe(true);
  expect(scripts.filter((path) => path.startsWith('/assets/contract-'))).toEqual([]);
});

// Issue 26: an island page (/login, /pricing, /contact) is hydrated by Preact without the SPA's runtime: no React,
// router, zod or contract chunk until the founder does something that needs one.
test('an island page loads none of the SPA runtime', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/login', '/pricing', '/contact']) {
    await page.goto(path);
    // Hydrated: its form (or the interval toggle) is no longer inert.
    await expect(page.locator('form, fieldset').first(), path).not.toHaveAttribute('inert');
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.some((path) => path.startsWith('/assets/island-')), 'the island entry loaded').toBe(true);
  const spa = scripts.filter((path) => /^\/assets\/(main|react|router|zod|contract)-/.test(path));
  expect(spa).toEqual([]);
});
