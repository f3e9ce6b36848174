/*
 * A server-rendered page paints before the app's script runs, as the prerendered landing page does
 * (web/scripts/prerender-landing.mjs): index.html's module script and modulepreloads leave the head, and
 * DEFERRED_MODULE_LOADER adds them back from the task after the first frame. Fetched at once, they ran before the
 * first paint and held it back (Lighthouse's mobile first paint counted every one of them: 2.3 s against 1.0 s).
 * The loader's text never changes — the URLs ride in a JSON script — so the CSP allows it by its hash.
 */

import { jsonScriptElement, scriptJson } from '../html.ts';

const MODULES_ELEMENT_ID = 'app-modules';

export const DEFERRED_MODULE_LOADER = `
requestAnimationFrame(function () {
  setTimeout(function () {
    var modules = JSON.parse(document.getElementById('${MODULES_ELEMENT_ID}').textContent);
    var tags = document.createDocumentFragment();
    modules.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      tags.append(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules.entry;
    tags.append(script);
    document.head.append(tags);
  });
});
`;

const ENTRY = /\n?[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\n?[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** `html` (a built index.html) with its modules loaded after the first paint; as it was if it has no module script. */
export function deferModules(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const preload = [...html.matchAll(PRELOAD)].map(([, href]) => href);
  const modules = scriptJson({ entry: entry[1], preload });
  const scripts = `${jsonScriptElement(MODULES_ELEMENT_ID, modules)}\n    <script>${DEFERRED_MODULE_LOADER}</script>`;
  return html
    .replace(entry[0], '')
    .replace(PRELOAD, '')
    .replace('</body>', () => `  ${scripts}\n  </body>`);
}
