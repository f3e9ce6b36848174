// The JavaScript a visit to a page on Preact downloads on load (issues 9, 26 and 27), read from the web build: the
// page's module script, its modulepreloads and the static imports of its entry (from dist/.vite/landing-manifest.json).
// Stylesheets are CSS and lazy chunks (the account menu, signing out, the auth client) load later, so neither counts.
// Used by scripts/landing-budget.mjs (a stage of npm test) and bench/web-js.bench.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What "/" and each island page may download, gzip. */
export const LANDING_JS_BUDGET_KB = 60;

/** The pages built from their own entries: "/" (landing.html) and the island pages (island.html, with the page's module). */
export const PRERENDERED_PAGES = [
  { entry: 'landing.html', label: '"/"' },
  // The island pages (ISLAND_PATHS: /pricing, /contact, /login) are built the same way and held to the same budget.
  { entry: 'island.html', label: 'the island pages' },
];

/**
 * The files a page built from `entry` downloads on load, each with its gzip and brotli (quality 11, what
 * scripts/precompress.mjs writes) size in bytes, largest first.
 */
export function pageJs(dist, entry) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/landing-manifest.json'), 'utf8'));
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
  return [...files]
    .map((file) => {
      const data = readFileSync(join(dist, file));
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return { file, gzip: gzipSync(data).length, br };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
