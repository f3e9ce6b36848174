import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { BILLING, STORAGE_KEYS } from '@cofounder/shared';
import { MISSING_SESSION_TEXT } from '../../features/billing/CheckoutGuard.tsx';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'POST /api/stripe/validate-session': () =>
      Response.json({ success: true, valid: true, plan: 'builder', interval: 'monthly' }),
    ...routes,
  });
}

const signedIn = () => createFakeAuth(fakeSession());

describe('/subscription/success', () => {
  it('sends anonymous visitors to /login and remembers the page', async () => {
    const { router } = renderApp('/subscription/success?session_id=cs_1', { fetch: server() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/subscription/success?session_id=cs_1');
  });

  it('denies access without a session id', async () => {
    renderApp('/subscription/success', { fetch: server(), auth: signedIn() });
    expect((await screen.findByRole('alert')).textContent).toBe(MISSING_SESSION_TEXT);
    expect(MISSING_SESSION_TEXT).toBe('Invalid access - missing session information');
  });

  it('welcomes the founder to the plan of a valid session, on both addresses', async () => {
    for (const path of ['/subscription/success', '/subscription-success']) {
      const fetch = server();
      const view = renderApp(`${path}?session_id=cs_1`, { fetch, auth: signedIn() });
      expect(await screen.findByRole('heading', { name: 'Welcome to Builder!' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(screen.getByRole('link', { name: 'View Subscription' }).getAttribute('href')).toBe(
        '/dashboard/settings?tab=subscription',
      );
      const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/validate-session'))!;
      expect(JSON.parse(String(init?.body))).toEqual({ sessionId: 'cs_1' });
      view.unmount();
    }
  });

  it('shows the confirming state, then the generic processing welcome when the session is not valid', async () => {
    let answer!: (r: Response) => void;
    const fetch = server({
      'POST /api/stripe/validate-session': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/subscription/success?session_id=cs_1', { fetch, auth: signedIn() });
    expect(await screen.findByText('Confirming your subscription...')).toBeTruthy();
    answer(Response.json({ success: true, valid: false, error: 'Payment not complete' }));
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it('shows the processing welcome when validation fails', async () => {
    const fetch = server({
      'POST /api/stripe/validate-session': () =>
        Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }),
    });
    renderApp('/subscription/success?session_id=cs_1', { fetch, auth: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeTruthy();
  });
});

describe('/subscription/failed', () => {
  const cases: [query: string, title: string, message: RegExp][] = [
    ['session_id=cs_1', 'Payment Failed', /could not process your payment/],
    ['error=payment_failed', 'Payment Failed', /could not process your payment/],
    ['session_id=cs_1&error=card_declined', 'Card Declined', /card was declined/],
    ['error=authentication_required', 'Authentication Required', /confirm this payment/],
    ['error=session_expired', 'Session Expired', /session expired/],
    ['error=weird_thing', 'Something Went Wrong', /\(weird_thing\)/],
  ];

  it.each(cases)('words ?%s as "%s"', async (query, title, message) => {
    renderApp(`/subscription/failed?${query}`, { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('says "Access Not Allowed" with neither a session id nor an error, on both addresses', async () => {
    for (const path of ['/subscription/failed', '/subscription-failed']) {
      const view = renderApp(path, { auth: signedIn() });
      expect(await screen.findByRole('heading', { name: 'Access Not Allowed' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
      view.unmount();
    }
  });

  it('sends anonymous visitors to /login', async () => {
    const { router } = renderApp('/subscription/failed?error=card_declined');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to /pricing 1 s after Try Again, saying it is redirecting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderApp('/subscription/failed?error=card_declined', {
      auth: signedIn(),
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('status').textContent).toBe('Redirecting to pricing...');
    expect(screen.getByRole('button', { name: 'Try Again' }).hasAttribute('disabled')).toBe(true);
    // Real time also moves the fake clock (shouldAdvanceTime), so stop a little short of the redirect.
    act(() => vi.advanceTimersByTime(BILLING.tryAgainRedirectMs - 100));
    expect(router.state.location.pathname).toBe('/subscription/failed');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });
});
