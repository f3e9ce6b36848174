import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createApi, type PublicConfig, type ServerRenderedPath } from '@cofounder/shared';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { configQueryOptions } from '../data/config/use-config.ts';
import { SiteOriginContext } from '../features/meta/site-origin.ts';
import { routes } from '../router.tsx';
import { noAuthOnTheServer } from './no-auth.ts';

/*
 * Issue 26: the server's render of a public page (SERVER_RENDERED_PATHS), built by `vite build --ssr` into
 * dist/.ssr and run by the server (server/src/web/server-render.ts). It renders the app's own route tree in the
 * state the browser's first render has when it hydrates: this config, signed out, no data fetched yet.
 */

/** The page's head tags (React 19 emits the hoisted <title> and <meta> first) and the markup of #root. */
export interface RenderedPage {
  head: string;
  body: string;
}

const HOISTED_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

export async function renderPage(path: ServerRenderedPath, config: PublicConfig, origin: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) throw new Error(`${path} answered a redirect during a server render`);
  const queryClient = createQueryClient();
  const api = createApi({ baseUrl: origin, getToken: async () => null });
  queryClient.setQueryData(configQueryOptions(api).queryKey, config);
  const html = renderToString(
    <SiteOriginContext value={origin}>
      <StrictMode>
        <AppProviders services={{ queryClient, api, auth: noAuthOnTheServer, signedOutAtStart: true }}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </StrictMode>
    </SiteOriginContext>,
  );
  const head = HOISTED_TAGS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
