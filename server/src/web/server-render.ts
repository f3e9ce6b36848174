import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { PublicConfig, ServerRenderedPath } from '@cofounder/shared';

/** What web/src/ssr/render-page.tsx gives: the page's head tags and the markup of #root. */
export interface RenderedPage {
  head: string;
  body: string;
}

type RenderPage = (path: ServerRenderedPath, config: PublicConfig, origin: string) => Promise<RenderedPage>;

/**
 * The web build's server render (dist/.ssr/render-page.js, issue 26), loaded on the first page that needs it. A
 * build without one, or a render that throws, gives null: the page is then rendered in the browser, as before.
 */
export function createServerRender(file: string, log: Logger) {
  let loading: Promise<RenderPage | null> | null = null;
  const load = () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderPage: RenderPage }) => module.renderPage,
          (err: unknown) => {
            log.error({ err, file }, 'the web build has a server render that does not load: pages render in the browser');
            return null;
          },
        )
      : Promise.resolve(null));

  return async (path: ServerRenderedPath, config: PublicConfig, origin: string): Promise<RenderedPage | null> => {
    const renderPage = await load();
    if (!renderPage) return null;
    try {
      return await renderPage(path, config, origin);
    } catch (err) {
      log.error({ err, path }, 'server render failed: the page renders in the browser');
      return null;
    }
  };
}
