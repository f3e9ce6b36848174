// The JavaScript the web pages load, gzip (issue 27's table: "/" ≤ 60 KB, the dashboard chat route ≤ 200 KB), from
// the web build (`npm run build -w web` first; this builds nothing itself):
//  1. "/" and the island pages (/pricing, /contact, /login): the files their entries load (scripts/landing-js.mjs,
//     the same count as npm test's "landing JS budget" stage);
//  2. the dashboard chat route as a founder meets it: the built app on a test server, a confirmed founder signed in
//     in Debian's Chromium, every script a fresh load of /dashboard/chat fetches until the chat is usable
//     (tests/support/page-js.ts, as specs/budgets.spec.ts).
// Sizes have no floor. BENCH_SMOKE=1 measures the same (it takes seconds).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect as playwrightExpect } from '@playwright/test';
import { LANDING_JS_BUDGET_KB, pageJs, PRERENDERED_PAGES } from '../scripts/landing-js.mjs';
import { startTestServer } from '../server/src/test/server.ts';
import { signIn } from '../tests/pages/auth.ts';
import { chatInput } from '../tests/pages/chat.ts';
import { dismissTourIfShown } from '../tests/pages/dashboard.ts';
import { chromiumArgs } from '../tests/playwright.config.ts';
import { DASHBOARD_CHAT_JS_BUDGET_KB, scriptsLoadedBy, WEB_DIST } from '../tests/support/page-js.ts';
import { EXPECT_TIMEOUT_MS } from '../tests/support/timeouts.ts';
import { createConfirmedUser } from '../tests/support/users.ts';
import { exitCode, row } from './report.ts';

// Outside the test runner expectations wait 5 s by default: the e2e allowance instead, for a slow or busy machine.
const expect = playwrightExpect.configure({ timeout: EXPECT_TIMEOUT_MS });

const totalKb = (files: { gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
/** The files, largest first, with their gzip KB: where the budget goes. */
const listed = (files: { name: string; gzip: number }[]) => files.map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)}`).join(', ');

if (!existsSync(join(WEB_DIST, 'landing.html'))) {
  console.error(`No web build at ${WEB_DIST}: run \`npm run build -w web\` first.`);
  process.exit(1);
}

for (const { entry, label } of PRERENDERED_PAGES) {
  const files = pageJs(WEB_DIST, entry);
  console.log(`${label} (KB): ${listed(files.map((f) => ({ name: f.file, gzip: f.gzip })))}`);
  row({ figure: `JS a visit to ${label} loads, gzip`, value: totalKb(files), unit: 'KB', goal: { of: 'value', max: LANDING_JS_BUDGET_KB } });
}

const server = await startTestServer({ env: { WEB_DIST_DIR: WEB_DIST } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  const founder = await createConfirmedUser(server.baseUrl);
  const page = await browser.newPage({ baseURL: server.baseUrl });
  await page.goto('/login');
  await signIn(page, founder.email, founder.password);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await dismissTourIfShown(page);
  const scripts = await scriptsLoadedBy(page, async () => {
    await page.reload();
    await expect(chatInput(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  console.log(`/dashboard/chat (KB): ${listed(scripts.map((s) => ({ name: s.path, gzip: s.gzip })))}`);
  row({
    figure: 'JS the dashboard chat route loads, gzip',
    value: totalKb(scripts),
    unit: 'KB',
    goal: { of: 'value', max: DASHBOARD_CHAT_JS_BUDGET_KB },
  });
} finally {
  await browser.close();
  await server.close();
}
process.exit(exitCode());
