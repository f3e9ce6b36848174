#!/usr/bin/env node
// Prerenders the landing page (issue 9) after the client build: Vite's SSR build of src/landing/prerender.tsx into
// dist-ssr, run once to fill dist/landing.html's #root with the signed-out page (which src/landing/main.tsx
// hydrates) and its head with the title, description and social tags of "/" (route-meta.ts); dist-ssr is removed.
// Runs before scripts/precompress.mjs, which must compress the final landing.html. Usage (from web/):
// node scripts/prerender-landing.mjs
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const ssrDir = join(web, 'dist-ssr');
const page = join(web, 'dist', 'landing.html');
// The origin of the absolute og:image / canonical URLs, as vite.config.ts fills %PUBLIC_URL%.
const origin = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

await build({
  root: web,
  configFile: join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/landing/prerender.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});

try {
  const { renderLanding, landingHead } = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
  let html = readFileSync(page, 'utf8');
  for (const marker of ['<!--landing-head-->', '<!--landing-html-->'])
    if (!html.includes(marker)) throw new Error(`${page} has no ${marker}: was it prerendered already?`);
  // Function replacements: the rendered HTML may contain "$" sequences that a string replacement would expand.
  html = html.replace('<!--landing-head-->', () => landingHead(origin));
  html = html.replace('<!--landing-html-->', () => renderLanding());
  // Vite writes the stylesheet after the module script and its ~20 modulepreloads: first in line, the one
  // render-blocking request does not queue behind the JS for a connection (Lighthouse's FCP on a slow link).
  const styles = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  for (const link of styles) html = html.replace(link, '');
  html = html.replace(
    /(\s*)<script type="module"/,
    (match, space) => `${space}${styles.map((l) => l.trim()).join(space)}${match}`,
  );
  writeFileSync(page, html);
  console.log(`prerendered the landing page into ${page} (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
