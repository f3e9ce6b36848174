import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { createApi, type PublicConfig } from '@cofounder/shared';
import { AppProviders } from '../app/AppProviders.tsx';
import { configKeys } from '../data/config/keys.ts';
import { routes } from '../router.tsx';
import { createFakeAuth, type FakeAuth } from './fake-auth.ts';

/** The config of a local-mode server, as GET /api/config answers it. */
export const TEST_CONFIG: PublicConfig = {
  supabaseUrl: null,
  supabaseAnonKey: 'anon-key',
  modes: { auth: 'local', database: 'local', email: 'local' },
  oauthProviders: { google: false, github: false },
  devMailbox: true,
};

interface RenderAppOptions {
  auth?: FakeAuth;
  config?: Partial<PublicConfig>;
  /** For fake timers: user-event must advance them while it waits between keystrokes. */
  advanceTimers?: (ms: number) => void;
}

/** Renders the real route table at `entry` with the app's providers, a fake auth client and a preset config. */
export function renderApp(entry: InitialEntry, options: RenderAppOptions = {}) {
  const auth = options.auth ?? createFakeAuth();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configKeys.public(), { ...TEST_CONFIG, ...options.config });
  const api = createApi({
    baseUrl: 'http://test.invalid',
    getToken: () => null,
    fetch: () => Promise.reject(new Error('no network in component tests')),
  });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(
    <AppProviders services={{ queryClient, api, auth }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  return { ...view, router, auth, user };
}
