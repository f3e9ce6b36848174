import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { createApi, STORAGE_KEYS, type PublicConfig } from '@cofounder/shared';
import { AppProviders } from '../app/AppProviders.tsx';
import { configKeys } from '../data/config/keys.ts';
import { routes } from '../router.tsx';
import { createFakeAuth, fakeUser, type FakeAuth } from './fake-auth.ts';

/** The config of a local-mode server, as GET /api/config answers it. */
export const TEST_CONFIG: PublicConfig = {
  supabaseUrl: null,
  supabaseAnonKey: 'anon-key',
  modes: { auth: 'local', database: 'local', email: 'local', ai: 'local', billing: 'local' },
  aiModel: null,
  oauthProviders: { google: false, github: false },
  devMailbox: true,
  social: { twitter: false, reddit: false },
  voice: { transcription: false, calls: false, engine: null, reason: null },
  monitorPort: 3001,
  vm: { available: true, mode: 'local', reason: null, hosted: false, pool: false },
};

interface RenderAppOptions {
  auth?: FakeAuth;
  config?: Partial<PublicConfig>;
  /** For fake timers: user-event must advance them while it waits between keystrokes. */
  advanceTimers?: (ms: number) => void;
  /** The server's answers (see createFakeServer); without it every call fails as if offline. */
  fetch?: typeof fetch;
  /**
   * Lets the product tour open on the first dashboard visit. Off by default: a modal appearing after 1 s would
   * otherwise land in the middle of tests about other things.
   */
  tour?: boolean;
}

/** Renders the real route table at `entry` with the app's providers, a fake auth client and a preset config. */
export function renderApp(entry: InitialEntry, options: RenderAppOptions = {}) {
  const auth = options.auth ?? createFakeAuth();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configKeys.public(), { ...TEST_CONFIG, ...options.config });
  const api = createApi({
    baseUrl: 'http://test.invalid',
    getToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
    fetch: options.fetch ?? (() => Promise.reject(new Error('no network in component tests'))),
  });
  // Every fake session belongs to fakeUser(), so one flag covers them all.
  if (!options.tour) localStorage.setItem(STORAGE_KEYS.tourCompleted(fakeUser().id), 'true');
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(
    <AppProviders services={{ queryClient, api, auth }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  return { ...view, router, auth, user };
}
