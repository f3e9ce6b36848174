#!/usr/bin/env node
// The JavaScript budget of the pages on Preact (issues 9, 26 and 27): what a visitor of "/" or of an island page
// (/pricing, /contact, /login) downloads on load (scripts/landing-js.mjs). The server answers them with landing.html
// and island.html (entries on Preact, not the SPA). Prints each file's gzip size and the totals; exits 1 over the
// budget. Brotli (what the server sends to browsers that accept it) is printed beside it for information; the budget
// is on gzip.
// Run after `npm run build -w web`: node scripts/landing-budget.mjs [--budget-kb 60] [--dist web/dist]
import { LANDING_JS_BUDGET_KB, pageJs, PRERENDERED_PAGES } from './landing-js.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dist = arg('--dist', new URL('../web/dist', import.meta.url).pathname);
const budgetKb = Number(arg('--budget-kb', LANDING_JS_BUDGET_KB));
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

let over = false;
for (const { entry, label } of PRERENDERED_PAGES) {
  const rows = pageJs(dist, entry);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const totalBr = rows.reduce((sum, r) => sum + r.br, 0);
  console.log(`   gzip   brotli  ${label}`);
  for (const { file, gzip, br } of rows) console.log(`${kb(gzip)} ${kb(br)} KB  ${file}`);
  console.log(`${kb(total)} ${kb(totalBr)} KB  total JS for ${label} (budget ${budgetKb} KB gzip)`);
  if (total / 1024 > budgetKb) {
    console.error(`${label}: over budget by ${(total / 1024 - budgetKb).toFixed(1)} KB`);
    over = true;
  }
}
if (over) process.exit(1);
