#!/usr/bin/env node
// Prerenders the landing page (issue 9) after the client builds: the island pages' server bundle
// (dist/.ssr-islands/render.js, Vite's SSR build of src/islands/render.tsx in the landing mode of vite.config.ts, so
// Preact renders the markup Preact hydrates) fills dist/landing.html's #root with the signed-out page (which
// src/landing/main.tsx hydrates) and its head with the title, description and social tags of "/" (route-meta.ts).
// Runs before scripts/precompress.mjs, which must compress the final landing.html. Usage (from web/):
// node scripts/prerender-landing.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const render = join(web, 'dist', '.ssr-islands', 'render.js');
const page = join(web, 'dist', 'landing.html');
// The origin of the absolute og:image / canonical URLs, as vite.config.ts fills %PUBLIC_URL%.
const origin = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/**
 * The page is already rendered, so its JavaScript (Preact and the hydration) waits until the first frame is
 * painted: Vite's module script and modulepreloads leave the head for a small inline loader that adds them back
 * from a requestAnimationFrame's next task. Fetched early on a fast link, the modules otherwise ran before the
 * first paint and held it back (Lighthouse's mobile FCP counted all of them: 2.2 s; 1.1 s without). The
 * stylesheet, the one render-blocking request, stays in the head (CSP: the server hashes inline scripts).
 */
function paintBeforeHydrating(html) {
  const entry = html.match(/\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error(`${page} has no module script`);
  const preloads = [...html.matchAll(/\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  for (const [tag] of [entry, ...preloads]) html = html.replace(tag, '');
  const loader = `<script>
      requestAnimationFrame(function () {
        setTimeout(function () {
          ${JSON.stringify(preloads.map(([, href]) => href))}.forEach(function (href) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.append(link);
          });
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(entry[1])};
          document.head.append(script);
        });
      });
    </script>
  `;
  return html.replace('</body>', () => `  ${loader}</body>`);
}

const { renderLanding, landingHead } = await import(pathToFileURL(render).href);
let html = readFileSync(page, 'utf8');
for (const marker of ['<!--landing-head-->', '<!--landing-html-->'])
  if (!html.includes(marker)) throw new Error(`${page} has no ${marker}: was it prerendered already?`);
// Function replacements: the rendered HTML may contain "$" sequences that a string replacement would expand.
html = html.replace('<!--landing-head-->', () => landingHead(origin));
html = html.replace('<!--landing-html-->', () => renderLanding());
html = paintBeforeHydrating(html);
writeFileSync(page, html);
console.log(`prerendered the landing page into ${page} (${(html.length / 1024).toFixed(1)} KB)`);
