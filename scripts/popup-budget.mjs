#!/usr/bin/env node
// The extension popup's JavaScript budget (issues 7 and 13): 120 KB gzip for each state the popup opens in
// (scripts/popup-chunks.mjs follows the built chunks' imports). Prints the first paint's files and each state's
// total; exits 1 over the budget.
// Run after `npm run build -w extension`: node scripts/popup-budget.mjs [--budget-kb 120]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { popupChunks } from './popup-chunks.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dir = new URL('../extension/.output/chrome-mv3', import.meta.url).pathname;
const budgetKb = Number(arg('--budget-kb', 120));
if (!existsSync(join(dir, 'popup.html'))) {
  console.error(`No extension build at ${dir}: run \`npm run build -w extension\` first.`);
  process.exit(1);
}

const { firstPaint, states, gzip } = popupChunks(dir);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let over = false;
console.log(`${kb(gzip(firstPaint)).padStart(9)}  popup first paint (${[...firstPaint].join(', ')})`);
for (const { name, files } of states) {
  const bytes = gzip(files);
  over ||= bytes / 1024 > budgetKb;
  console.log(`${kb(bytes).padStart(9)}  popup ${name} (budget ${budgetKb} KB gzip)`);
}
if (over) {
  console.error('The popup is over its JavaScript budget.');
  process.exit(1);
}
