import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import {
  SERVER_RENDER_MARKERS,
  type IslandPageData,
  type IslandPath,
  type PublicConfig,
} from '@cofounder/shared';
import { jsonScriptElement, scriptJson } from '../html.ts';
import { deferModules } from './deferred-modules.ts';
import { createServerRender } from './server-render.ts';

/** Distinct configs are few (the dev mailbox flag, OAuth providers); the bound only guards against surprises. */
const MAX_CACHED = 64;
const EMPTY_ROOT = '<div id="root"><!--island-html--></div>';

interface RenderArgs {
  config: PublicConfig;
  data: IslandPageData;
  origin: string;
}

/**
 * An island page (ISLAND_PATHS, issue 26) for one request: the web build's island.html with the page rendered by
 * its Preact server bundle (dist/.ssr-islands/render.js) in the signed-out state the browser hydrates, and the
 * config and the page's data it was rendered with written beside it. Null when the build has no island page or
 * the render fails: the caller then serves the SPA. Pages are cached by address, config and data.
 */
export function createIslandPage({ dir, origin, log }: { dir: string; origin: string; log: Logger }) {
  const render = createServerRender<[IslandPath, RenderArgs]>(join(dir, '.ssr-islands', 'render.js'), 'renderIsland', log);
  const cache = new Map<string, string>();
  const template = join(dir, 'island.html');

  return async (path: IslandPath, config: PublicConfig, data: IslandPageData): Promise<string | null> => {
    const configJson = scriptJson(config);
    const dataJson = scriptJson(data);
    const key = `${path}\0${configJson}\0${dataJson}`;
    const cached = cache.get(key);
    if (cached) return cached;
    if (!existsSync(template)) return null;
    const page = await render(path, { config, data, origin });
    if (!page) return null;
    const html = deferModules(await readFile(template, 'utf8'))
      .replace('<!--island-head-->', () => page.head)
      .replace(EMPTY_ROOT, () => `<div id="root" ${SERVER_RENDER_MARKERS.rootAttribute}>${page.body}</div>`)
      .replace(
        '</body>',
        () =>
          `  ${jsonScriptElement(SERVER_RENDER_MARKERS.configElementId, configJson)}\n    ${jsonScriptElement(SERVER_RENDER_MARKERS.pageDataElementId, dataJson)}\n  </body>`,
      );
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, html);
    return html;
  };
}

export type IslandPage = ReturnType<typeof createIslandPage>;
