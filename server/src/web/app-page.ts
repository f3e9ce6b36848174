import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonScriptElement, scriptJson } from '../html.ts';
import { SERVER_RENDER_MARKERS, type PublicConfig } from '@cofounder/shared';

/** Distinct configs are few (the dev mailbox flag, OAuth providers); the bound only guards against surprises. */
const MAX_CACHED = 64;

/**
 * The web app's page (dist/index.html) for one request, with the public config inline: the app then starts
 * without GET /api/config. Pages are cached by config, which is fixed per build and request kind.
 */
export function createAppPage({ dir }: { dir: string }) {
  const cache = new Map<string, string>();

  return async (config: PublicConfig): Promise<string> => {
    const json = scriptJson(config);
    const cached = cache.get(json);
    if (cached) return cached;
    const script = jsonScriptElement(SERVER_RENDER_MARKERS.configElementId, json);
    const html = (await readFile(join(dir, 'index.html'), 'utf8')).replace('</body>', () => `  ${script}\n  </body>`);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(json, html);
    return html;
  };
}

export type AppPage = ReturnType<typeof createAppPage>;
