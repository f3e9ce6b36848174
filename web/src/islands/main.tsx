import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createApi,
  islandPath,
  SERVER_RENDER_MARKERS,
  type IslandPageData,
  type PublicConfig,
} from '@cofounder/shared';
import { createQueryClient } from '../app/query-client.ts';
import { createLazyAuthClient } from '../app/lazy-auth.ts';
import { hasStoredSession } from '../app/stored-session.ts';
import { configQueryOptions } from '../data/config/use-config.ts';
import { takeHandedOverState } from '../features/layout/nav-state-handover.ts';
import { IslandApp } from './IslandApp.tsx';
import { seedPageData } from './pages.tsx';
import '../styles.css';

// web/island.html's entry: the server rendered an island page (server/src/web/island-page.ts) and this hydrates it
// with Preact. The config and the page's data are the server's own, written into this page beside the markup; they
// are read as they are (zod's schemas stay out of the page until its first API call).
const rootElement = document.getElementById('root');
const path = islandPath(window.location.pathname);
if (!rootElement || !path) throw new Error('island.html was served for a page that is not an island');

const readJson = <T,>(id: string): T | null => {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
};
const config = readJson<PublicConfig>(SERVER_RENDER_MARKERS.configElementId);
if (!config) throw new Error('island.html has no config');

const queryClient = createQueryClient();
const auth = createLazyAuthClient(() => import('../app/supabase.ts').then((m) => m.createAuthClient(config)));
const api = createApi({
  baseUrl: '',
  getToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
});
queryClient.setQueryData(configQueryOptions(api).queryKey, config);
seedPageData(queryClient, readJson<IslandPageData>(SERVER_RENDER_MARKERS.pageDataElementId) ?? {});

const signedOutAtStart = !hasStoredSession(localStorage);
const navState = takeHandedOverState(path);
const app = (
  <StrictMode>
    <IslandApp path={path} services={{ queryClient, api, auth, signedOutAtStart }} navState={navState} />
  </StrictMode>
);
// The server rendered the page signed out, with no navigation state. Then the markup is taken over as it is
// (startTransition is a plain call in Preact; under React, in the Vite dev server, hydration yields to the browser);
// a signed-in visitor's first render differs (plans load their state, /login moves on), and so does one with state
// handed over (an address to prefill), so it replaces the markup instead.
if (signedOutAtStart && navState === undefined) startTransition(() => void hydrateRoot(rootElement, app));
else {
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
}
