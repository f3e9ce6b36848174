#!/usr/bin/env node
// The JavaScript budget of the pages on Preact (issues 9, 26 and 27): what a visitor of "/" or of an island page
// (/pricing, /contact, /login) downloads on load. The server answers them with landing.html and island.html (entries on Preact, not
// the SPA), so this is each one's module script, its modulepreloads and the static imports of its entry (from their
// build's dist/.vite/landing-manifest.json); stylesheets are CSS and lazy chunks (the account menu, signing out, the
// auth client) load later, so neither counts. Prints each file's gzip size and the totals; exits 1 over the budget.
// Brotli (quality 11, what scripts/precompress.mjs writes and the server sends to browsers that accept it) is
// printed beside it for information; the budget is on gzip.
// Run after `npm run build -w web`: node scripts/landing-budget.mjs [--budget-kb 60] [--dist web/dist]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dist = arg('--dist', new URL('../web/dist', import.meta.url).pathname);
const budgetKb = Number(arg('--budget-kb', 60));

const manifest = JSON.parse(readFileSync(join(dist, '.vite/landing-manifest.json'), 'utf8'));
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let over = false;

/**
 * Prints the JS a page built from `entry` (landing.html, island.html) downloads on load, with the static imports of
 * `page` (an island page's own module, which the entry imports first); flags it over the budget.
 */
function measure(entry, label, page) {
  const files = new Set();
  function addWithImports(key) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) addWithImports(dep);
  }
  // What the page itself loads: its module script and modulepreloads (which an inline loader adds after the first
  // paint: web/scripts/prerender-landing.mjs, server/src/web/deferred-modules.ts), every quoted "/assets/….js".
  const html = readFileSync(join(dist, entry), 'utf8');
  for (const [, src] of html.matchAll(/"\/(assets\/[^"]+\.js)"/g)) files.add(src);
  addWithImports(entry);
  if (page) addWithImports(page);

  let total = 0;
  let totalBr = 0;
  const rows = [...files].map((file) => {
    const data = readFileSync(join(dist, file));
    const gzip = gzipSync(data).length;
    const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    total += gzip;
    totalBr += br;
    return { file, gzip, br };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`   gzip   brotli  ${label}`);
  for (const { file, gzip, br } of rows) console.log(`${kb(gzip)} ${kb(br)} KB  ${file}`);
  const totalKb = total / 1024;
  console.log(`${kb(total)} ${kb(totalBr)} KB  total JS for ${label} (budget ${budgetKb} KB gzip)`);
  if (totalKb > budgetKb) {
    console.error(`${label}: over budget by ${(totalKb - budgetKb).toFixed(1)} KB`);
    over = true;
  }
}

measure('landing.html', '"/"');
// The island pages (ISLAND_PATHS: /pricing, /contact, /login) are built the same way and held to the same budget.
measure('island.html', 'the island pages');
if (over) process.exit(1);
