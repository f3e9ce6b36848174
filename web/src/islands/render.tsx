import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createApi, type IslandPageData, type IslandPath, type PublicConfig } from '@cofounder/shared';
import { createQueryClient } from '../app/query-client.ts';
import { configQueryOptions } from '../data/config/use-config.ts';
import { pageHead } from '../features/meta/page-head.ts';
import { IslandApp } from './IslandApp.tsx';
import { noAuthOnTheServer } from './no-auth.ts';
import { ISLAND_PAGES, seedPageData } from './pages.tsx';

export { landingHead, renderLanding } from '../landing/prerender.tsx';

/*
 * The server bundle of the pages on Preact (`vite build --mode landing --ssr`, into dist/.ssr-islands): the server
 * renders the island pages with it per config (server/src/web/island-page.ts), and the build prerenders the
 * landing page with it once (scripts/prerender-landing.mjs).
 */

/** An island page's head tags and the markup of #root: signed out, with this config and data, as the browser hydrates. */
export function renderIsland(
  path: IslandPath,
  { config, data, origin }: { config: PublicConfig; data: IslandPageData; origin: string },
): { head: string; body: string } {
  const queryClient = createQueryClient();
  const api = createApi({ baseUrl: origin, getToken: async () => null });
  queryClient.setQueryData(configQueryOptions(api).queryKey, config);
  seedPageData(queryClient, data);
  const body = renderToString(
    <StrictMode>
      <IslandApp path={path} services={{ queryClient, api, auth: noAuthOnTheServer, signedOutAtStart: true }} />
    </StrictMode>,
  );
  return { head: pageHead(ISLAND_PAGES[path].meta, path, origin), body };
}
