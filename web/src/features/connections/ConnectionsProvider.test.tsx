import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createApi, type ConnectionView } from '@cofounder/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createFakeAuth, fakeSession, type FakeAuth } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { ConnectionsProvider, useConnections } from './ConnectionsProvider.tsx';

const X: ConnectionView = {
  platform: 'twitter',
  connected: true,
  displayName: 'Ada',
  username: 'ada',
  lastSync: null,
  error: null,
};

function Probe() {
  const { connections, loading, error } = useConnections();
  return (
    <p data-testid="probe">
      {loading ? 'loading' : 'ready'}|{Object.keys(connections).join(',')}|{error ?? ''}
    </p>
  );
}

function mount(auth: FakeAuth, fetch: typeof globalThis.fetch) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = createApi({
    baseUrl: 'http://test.invalid',
    getToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
    fetch,
  });
  render(
    <AppProviders services={{ queryClient, api, auth }}>
      <ConnectionsProvider>
        <Probe />
      </ConnectionsProvider>
    </AppProviders>,
  );
}

const probe = () => screen.getByTestId('probe').textContent;
/** React renders what changed when act() ends, so time moves 1 ms per act, as in the browser. */
async function advance(ms: number) {
  for (let i = 0; i < Math.max(ms, 1); i++) await act(() => vi.advanceTimersByTimeAsync(ms === 0 ? 0 : 1));
}
const connectionGets = (fetch: ReturnType<typeof createFakeServer>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/user/connections')).length;

describe('shared connection state', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads 100 ms after auth has finished, and clears on sign-out', async () => {
    const fetch = createFakeServer({
      'GET /api/user/connections': () =>
        Response.json({ success: true, details: { connections: { twitter: X } } }),
    });
    const auth = createFakeAuth(fakeSession());
    mount(auth, fetch);
    await advance(1); // the session is read and rendered: only now may the 100 ms start
    await advance(99);
    expect(connectionGets(fetch)).toBe(0);
    expect(probe()).toBe('loading||');
    await advance(1);
    expect(connectionGets(fetch)).toBe(1);
    await advance(1);
    expect(probe()).toBe('ready|twitter|');

    await act(() => auth.signOut());
    expect(probe()).toBe('ready||');
  });

  it('is empty and not loading when signed out, without asking the server', async () => {
    const fetch = createFakeServer({});
    mount(createFakeAuth(null), fetch);
    await advance(200);
    expect(probe()).toBe('ready||');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a 401 asks to log in and toasts that the session expired', async () => {
    const fetch = createFakeServer({
      'GET /api/user/connections': () =>
        Response.json({ error: { code: 'unauthorized', message: 'Invalid token' } }, { status: 401 }),
    });
    mount(createFakeAuth(fakeSession()), fetch);
    await advance(150);
    expect(probe()).toBe('ready||Please log in to view your connections');
    expect(screen.getByText('Authentication expired. Please log in again.')).toBeTruthy();
  });

  it("shows the server's error text, or the generic one", async () => {
    const fetch = createFakeServer({
      'GET /api/user/connections': () =>
        Response.json({ error: { code: 'internal', message: 'Database unavailable' } }, { status: 500 }),
    });
    mount(createFakeAuth(fakeSession()), fetch);
    await advance(150);
    expect(probe()).toBe('ready||Database unavailable');
  });

  it('refuses to load with an unusable token', async () => {
    const fetch = createFakeServer({});
    mount(createFakeAuth({ ...fakeSession(), access_token: 'undefined' }), fetch);
    await advance(150);
    expect(probe()).toBe('ready||No valid authentication token available');
    expect(fetch).not.toHaveBeenCalled();
  });
});
