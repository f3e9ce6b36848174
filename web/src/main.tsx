import './app/zod-jitless.ts';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApi } from '@cofounder/shared';
import { AppProviders } from './app/AppProviders.tsx';
import { BootError } from './app/BootError.tsx';
import { readInlineConfig } from './app/inline-config.ts';
import { createQueryClient } from './app/query-client.ts';
import { createLazyAuthClient } from './app/lazy-auth.ts';
import { hasStoredSession } from './app/stored-session.ts';
import { configQueryOptions } from './data/config/use-config.ts';
import type { AuthClient } from './features/auth/auth-client.ts';
import { adoptOAuthRedirect } from './features/auth/oauth-redirect.ts';
import { takeHandedOverState } from './features/layout/nav-state-handover.ts';
import { LoadingScreen } from './features/layout/LoadingScreen.tsx';
import { createAppRouter } from './router.tsx';
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

let root: Root | null = null;
function render(node: ReactNode) {
  root ??= createRoot(rootElement!);
  root.render(node);
}

async function start() {
  render(<LoadingScreen />);
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
  // An island page (src/islands) navigates here by loading this page, and hands its navigation state over.
  const handed = takeHandedOverState(window.location.pathname);
  if (handed !== undefined) {
    const { pathname, search, hash } = window.location;
    await router.navigate({ pathname, search, hash }, { replace: true, state: handed });
  }
  // A transition, so React renders the first page in slices that yield to the browser (every few ms) instead of one
  // long task: the loading screen stays up until the page is ready to replace it.
  const app = (
    <StrictMode>
      <AppProviders services={{ queryClient, api, auth, signedOutAtStart }}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  startTransition(() => render(app));
}

void start();
