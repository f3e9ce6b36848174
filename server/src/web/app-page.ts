import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { scriptJson } from '../html.ts';
import { SERVER_RENDER_MARKERS, type PublicConfig, type ServerRenderedPath } from '@cofounder/shared';
import { deferModules } from './deferred-modules.ts';
import { createServerRender } from './server-render.ts';

/** index.html's defaults for crawlers (data-static-meta), which a server-rendered page replaces with its own. */
const STATIC_META = /\n?[ \t]*<title data-static-meta>[^<]*<\/title>|\n?[ \t]*<meta\s+data-static-meta[^>]*>/g;
const EMPTY_ROOT = '<div id="root"></div>';
/** Distinct configs are few (the dev mailbox flag, OAuth providers); the bound only guards against surprises. */
const MAX_CACHED = 64;

/**
 * The web app's page (dist/index.html) for one request: the public config inline (the app then starts without
 * GET /api/config), and for SERVER_RENDERED_PATHS the page itself, rendered by the web build's server render in the
 * signed-out state the browser hydrates. Pages are cached by address and config: both are fixed per build.
 */
export function createAppPage({ dir, origin, log }: { dir: string; origin: string; log: Logger }) {
  const render = createServerRender<[ServerRenderedPath, PublicConfig, string]>(
    join(dir, '.ssr', 'render-page.js'),
    'renderPage',
    log,
  );
  const cache = new Map<string, string>();

  return async (path: ServerRenderedPath | null, config: PublicConfig): Promise<string> => {
    const json = scriptJson(config);
    const key = `${path}\0${json}`;
    const cached = cache.get(key);
    if (cached) return cached;
    let html = await readFile(join(dir, 'index.html'), 'utf8');
    const page = path ? await render(path, config, origin) : null;
    if (page && html.includes(EMPTY_ROOT)) {
      html = deferModules(html)
        .replace(STATIC_META, '')
        .replace('</head>', () => `  ${page.head}\n  </head>`)
        .replace(EMPTY_ROOT, () => `<div id="root" ${SERVER_RENDER_MARKERS.rootAttribute}>${page.body}</div>`);
    }
    const script = `<script type="application/json" id="${SERVER_RENDER_MARKERS.configElementId}">${json}</script>`;
    html = html.replace('</body>', () => `  ${script}\n  </body>`);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, html);
    return html;
  };
}

export type AppPage = ReturnType<typeof createAppPage>;
