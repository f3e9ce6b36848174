import './app/zod-jitless.ts';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApi, SERVER_RENDER_MARKERS } from '@cofounder/shared';
import { AppProviders } from './app/AppProviders.tsx';
import { BootError } from './app/BootError.tsx';
import { readInlineConfig } from './app/inline-config.ts';
import { createQueryClient } from './app/query-client.ts';
import { createLazyAuthClient } from './app/lazy-auth.ts';
import { hasStoredSession } from './app/stored-session.ts';
import { configQueryOptions } from './data/config/use-config.ts';
import type { AuthClient } from './features/auth/auth-client.ts';
import { adoptOAuthRedirect } from './features/auth/oauth-redirect.ts';
import { LoadingScreen } from './features/layout/LoadingScreen.tsx';
import { createAppRouter, whenRouterReady } from './router.tsx';
import 'react-toastify/ReactToastify.css';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();

// The API client exists before the auth client (the config that creates auth comes from the API), so it asks
// for the token lazily; only the public config call runs before auth is ready.
let auth: AuthClient | null = null;
const api = createApi({
  baseUrl: '',
  getToken: async () => (auth ? ((await auth.getSession()).data.session?.access_token ?? null) : null),
});

// The server writes its config into the page, so the app does not wait for GET /api/config before painting.
const inlineConfig = readInlineConfig(document);
if (inlineConfig) queryClient.setQueryData(configQueryOptions(api).queryKey, inlineConfig);
// A public page the server rendered (SERVER_RENDERED_PATHS) stays on screen until the app takes it over.
const serverRendered = rootElement.hasAttribute(SERVER_RENDER_MARKERS.rootAttribute);

let root: Root | null = null;
function render(node: ReactNode) {
  root ??= createRoot(rootElement!);
  root.render(node);
}

async function start() {
  if (!serverRendered) render(<LoadingScreen />);
  try {
    const config = await queryClient.fetchQuery(configQueryOptions(api));
    // supabase-js arrives only when a session exists or an auth screen calls it, so public pages skip it.
    auth ??= createLazyAuthClient(() => import('./app/supabase.ts').then((m) => m.createAuthClient(config)));
    await adoptOAuthRedirect(auth, window.location, window.history);
  } catch {
    render(<BootError onRetry={() => void start()} />);
    return;
  }
  const signedOutAtStart = !hasStoredSession(localStorage);
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProviders services={{ queryClient, api, auth, signedOutAtStart }}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The server rendered this address signed out, with this config and no query or fragment: the first render here is
  // the same once the page's lazy modules are in, so it takes over the markup instead of replacing it. A signed-in
  // visitor (or any other difference) gets a fresh render.
  const sameAsServer =
    serverRendered && !root && inlineConfig && signedOutAtStart && !window.location.search && !window.location.hash;
  if (!sameAsServer) return render(app);
  await whenRouterReady(router);
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task that blocks
  // input (Lighthouse's total blocking time on a slow phone). Until it is done, links and the skip link work as
  // plain HTML, and the forms are inert (useHydrated), so nothing typed is lost.
  startTransition(() => {
    root = hydrateRoot(rootElement!, app);
  });
}

void start();
