import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

/** The server once the session was ended elsewhere: every call with its token is refused. */
const sessionGone = () =>
  vi.fn(async () =>
    Response.json({ error: { code: 'unauthorized', message: 'Authentication required' } }, { status: 401 }),
  );

describe('a session the server no longer accepts', () => {
  it('is forgotten here, and the dashboard goes to /login, which stays', async () => {
    const { router, auth } = renderApp('/dashboard/work', {
      auth: createFakeAuth(fakeSession()),
      fetch: sessionGone(),
    });
    // Two lazy routes load on the way (the dashboard page, then /login).
    await screen.findByRole('heading', { name: 'Welcome Back' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
    // The refresh was refused, so only this tab's copy is dropped: the server already ended the session.
    expect(auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect((await auth.getSession()).data.session).toBeNull();

    // Nothing is left for /login to bounce back to the dashboard with.
    await act(() => router.navigate('/login'));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('is kept when only the access token had expired: a refresh brings the page back', async () => {
    const auth = createFakeAuth(fakeSession());
    auth.refreshSession.mockImplementationOnce(async () => {
      const next = { ...fakeSession(), access_token: 'refreshed-access-token' };
      auth.emit('TOKEN_REFRESHED', next);
      return { data: { user: next.user, session: next }, error: null };
    });
    // The first token is refused (expired while the laptop slept); the refreshed one is taken.
    const expiredThenFine = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Headers(init?.headers).get('authorization') === 'Bearer refreshed-access-token'
        ? Response.json({ success: true, tasks: [], total: 0 })
        : Response.json({ error: { code: 'unauthorized', message: 'Authentication required' } }, { status: 401 }),
    );
    const { router } = renderApp('/dashboard/work', { auth, fetch: expiredThenFine });
    await vi.waitFor(() => expect(auth.refreshSession).toHaveBeenCalled(), { timeout: 5000 });
    await vi.waitFor(() => expect(expiredThenFine.mock.calls.some(([, init]) => new Headers(init?.headers).get('authorization') === 'Bearer refreshed-access-token')).toBe(true), { timeout: 5000 });
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard/work');
  });
});
