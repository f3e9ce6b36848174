#!/usr/bin/env node
// The extension popup's JavaScript budget (issues 7 and 13): 120 KB gzip for each state the popup opens in.
// popup.html's module script and its static imports paint first (the saved card); React's entry and the app they
// import next, and the one lazy view a state needs (signed in: the connections section; signed out: the sign-in
// form with its auth library), complete it. Follows the built chunks' import statements, prints each state's files
// and total; exits 1 over the budget.
// Run after `npm run build -w extension`: node scripts/popup-budget.mjs [--budget-kb 120]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g;
const text = (file) => readFileSync(join(dir, 'chunks', file), 'utf8');
function closure(entries, follow) {
  const seen = new Set();
  const queue = [...entries];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const pattern of follow) for (const [, next] of text(file).matchAll(pattern)) queue.push(next);
  }
  return seen;
}
const dynamicImportsOf = (files) => [...files].flatMap((f) => [...text(f).matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));
const gzip = (files) => [...files].reduce((sum, f) => sum + gzipSync(text(f)).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const html = readFileSync(join(dir, 'popup.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]*src="\/chunks\/([\w.-]+\.js)"/g)].map((m) => m[1]);
const firstPaint = closure(entries, [STATIC_IMPORT]);
// The first paint (boot.ts) imports React's entry (main.tsx), which imports the app.
const react = new Set([...firstPaint, ...closure(dynamicImportsOf(firstPaint), [STATIC_IMPORT])]);
const app = new Set([...react, ...closure(dynamicImportsOf(react), [STATIC_IMPORT])]);
const STATES = [
  { name: 'signed in', view: /^ConnectionsSection-/ },
  { name: 'signed out', view: /^SignInForm-/ },
];

let over = false;
console.log(`${kb(gzip(firstPaint)).padStart(9)}  popup first paint (${[...firstPaint].join(', ')})`);
for (const { name, view } of STATES) {
  const lazy = dynamicImportsOf(app).filter((f) => view.test(f));
  if (lazy.length === 0) {
    console.error(`The popup's ${name} view (${view}) is not among its lazy chunks: update scripts/popup-budget.mjs.`);
    process.exit(1);
  }
  const bytes = gzip(new Set([...app, ...closure(lazy, [STATIC_IMPORT])]));
  over ||= bytes / 1024 > budgetKb;
  console.log(`${kb(bytes).padStart(9)}  popup ${name} (budget ${budgetKb} KB gzip)`);
}
if (over) {
  console.error('The popup is over its JavaScript budget.');
  process.exit(1);
}
