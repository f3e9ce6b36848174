import './app/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApi } from '@cofounder/shared';
import { AppProviders } from './app/AppProviders.tsx';
import { BootError } from './app/BootError.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createLazyAuthClient } from './app/lazy-auth.ts';
import { configQueryOptions } from './data/config/use-config.ts';
import type { AuthClient } from './features/auth/auth-client.ts';
import { adoptOAuthRedirect } from './features/auth/oauth-redirect.ts';
import { LoadingScreen } from './features/layout/LoadingScreen.tsx';
import { createAppRouter } from './router.tsx';
import 'react-toastify/ReactToastify.css';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);
const queryClient = createQueryClient();

// The API client exists before the auth client (the config that creates auth comes from the API), so it asks
// for the token lazily; only the public config call runs before auth is ready.
let auth: AuthClient | null = null;
const api = createApi({
  baseUrl: '',
  getToken: async () => (auth ? ((await auth.getSession()).data.session?.access_token ?? null) : null),
});

async function start() {
  root.render(<LoadingScreen />);
  try {
    const config = await queryClient.fetchQuery(configQueryOptions(api));
    // supabase-js arrives only when a session exists or an auth screen calls it, so public pages skip it.
    auth ??= createLazyAuthClient(() => import('./app/supabase.ts').then((m) => m.createAuthClient(config)));
    await adoptOAuthRedirect(auth, window.location, window.history);
  } catch {
    root.render(<BootError onRetry={() => void start()} />);
    return;
  }
  const services = { queryClient, api, auth };
  root.render(
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
