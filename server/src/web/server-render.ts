import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';

/** What a web build's server render gives: the page's head tags and the markup of #root. */
export interface RenderedPage {
  head: string;
  body: string;
}

/**
 * A function `name` of a web build's server bundle (dist/.ssr-islands/render.js: issue 26), loaded on the first
 * page that needs it. A build without one, or a render that throws, gives null: the page is then rendered in the
 * browser by the SPA.
 */
export function createServerRender<Args extends unknown[]>(file: string, name: string, log: Logger) {
  type Render = (...args: Args) => RenderedPage | Promise<RenderedPage>;
  let loading: Promise<Render | null> | null = null;
  const load = () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: Record<string, Render>) => module[name] ?? null,
          (err: unknown) => {
            log.error({ err, file }, 'the web build has a server render that does not load: pages render in the browser');
            return null;
          },
        )
      : Promise.resolve(null));

  return async (...args: Args): Promise<RenderedPage | null> => {
    const render = await load();
    if (!render) return null;
    try {
      return await render(...args);
    } catch (err) {
      log.error({ err, page: args[0] }, 'server render failed: the page renders in the browser');
      return null;
    }
  };
}
