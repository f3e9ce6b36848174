// The extension popup's JavaScript as its built chunks import each other (issues 7, 13 and 27), read by the popup
// budget (scripts/popup-budget.mjs) and the extension bench (bench/extension.bench.ts). popup.html's module script
// and its static imports paint first (the saved card); it then imports React's entry (main.tsx), which imports the
// app; each state the popup opens in adds one lazy view (signed in: the connections section; signed out: the
// sign-in form with its auth library) with that view's own static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g;
const STATES = [
  { name: 'signed in', view: /^ConnectionsSection-/ },
  { name: 'signed out', view: /^SignInForm-/ },
];

/**
 * The chunk files of the built extension in `dir` (extension/.output/chrome-mv3): the first paint's, and each state's
 * in all (first paint included), with `gzip(files)` for their size. Throws when a state's view is not among the
 * app's lazy chunks (renamed: update STATES).
 * @param {string} dir
 */
export function popupChunks(dir) {
  /** @param {string} file */
  const text = (file) => readFileSync(join(dir, 'chunks', file), 'utf8');
  /** @param {string[]} entries @param {RegExp[]} follow */
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
  /** @param {Set<string>} files */
  const dynamicImportsOf = (files) => [...files].flatMap((f) => [...text(f).matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));

  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*src="\/chunks\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  const firstPaint = closure(entries, [STATIC_IMPORT]);
  const react = new Set([...firstPaint, ...closure(dynamicImportsOf(firstPaint), [STATIC_IMPORT])]);
  const app = new Set([...react, ...closure(dynamicImportsOf(react), [STATIC_IMPORT])]);
  const states = STATES.map(({ name, view }) => {
    const lazy = dynamicImportsOf(app).filter((f) => view.test(f));
    if (lazy.length === 0) throw new Error(`The popup's ${name} view (${view}) is not among its lazy chunks: update scripts/popup-chunks.mjs.`);
    return { name, files: new Set([...app, ...closure(lazy, [STATIC_IMPORT])]) };
  });
  /** @param {Set<string>} files */
  const gzip = (files) => [...files].reduce((sum, f) => sum + gzipSync(text(f)).length, 0);
  return { firstPaint, states, gzip };
}
