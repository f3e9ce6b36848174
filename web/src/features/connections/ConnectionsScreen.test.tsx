import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ConnectionView } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

const X: ConnectionView = {
  platform: 'twitter',
  connected: true,
  displayName: 'Ada Lovelace',
  username: 'ada',
  lastSync: new Date().toISOString(),
  error: null,
};
const REDDIT_ERROR: ConnectionView = {
  platform: 'reddit',
  connected: false,
  displayName: 'Ada',
  username: 'ada_r',
  lastSync: null,
  error: 'Access was revoked at Reddit',
};
const SUCCESS = {
  platform: 'twitter',
  accessToken: 'confirm-handle-0123456789',
  refreshToken: null,
  profile: { displayName: 'Ada Lovelace', username: 'ada' },
};

const CODE = 'single-use-connect-code-0123456789';

function server(initial: Partial<Record<string, ConnectionView>>, saveStatus = 200, codeStatus = 200) {
  const codes: FakeRequest[] = [];
  const saves: FakeRequest[] = [];
  const pushes: FakeRequest[] = [];
  const deletes: FakeRequest[] = [];
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/user/connections': () => Response.json({ success: true, details: { connections: initial } }),
    'POST /api/user/connections/:platform/code': (req) => {
      codes.push(req);
      if (codeStatus !== 200)
        return Response.json({ error: { code: 'internal', message: 'Server error' } }, { status: codeStatus });
      return Response.json({ success: true, code: CODE, expiresAt: new Date().toISOString() });
    },
    'POST /api/user/connections/:platform': (req) => {
      saves.push(req);
      if (saveStatus === 401)
        return Response.json({ error: { code: 'unauthorized', message: 'Invalid token' } }, { status: 401 });
      return Response.json({ success: true, details: { connection: X, resumedTasks: 2 } });
    },
    'DELETE /api/user/connections/:platform': (req) => {
      deletes.push(req);
      return Response.json({ success: true });
    },
    'POST /api/agents/service-connections': (req) => {
      pushes.push(req);
      return Response.json({ success: true, stored: false });
    },
  });
  return { fetch, codes, saves, pushes, deletes };
}

const CONFIGURED = { social: { twitter: true, reddit: true } };

function open(fetch: typeof globalThis.fetch, opts: { config?: object; token?: string } = {}) {
  const session = { ...fakeSession(), ...(opts.token ? { access_token: opts.token } : {}) };
  return renderApp('/dashboard/connections', {
    fetch,
    auth: createFakeAuth(session),
    config: opts.config ?? CONFIGURED,
  });
}

const banner = () => screen.findByTestId('connections-error');
const card = async (platform: string) => screen.findByTestId(`connection-${platform}`);
const post = (data: unknown, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

describe('Social Media Connections', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each platform with its state, account and actions', async () => {
    open(server({ twitter: X, reddit: REDDIT_ERROR }).fetch);
    expect(await screen.findByRole('heading', { name: 'Social Media Connections' })).toBeTruthy();
    const x = await card('twitter');
    expect(within(x).getByText('Connected')).toBeTruthy();
    expect(within(x).getByText('@ada')).toBeTruthy();
    expect(within(x).getByText('Last sync: Just now')).toBeTruthy();
    expect(within(x).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    const reddit = await card('reddit');
    expect(within(reddit).getByText('Error')).toBeTruthy();
    expect(within(reddit).getByText('Access was revoked at Reddit')).toBeTruthy();
    expect(within(reddit).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    const linkedin = await card('linkedin');
    expect(within(linkedin).getAllByText('Coming Soon')).toHaveLength(2);
    expect(screen.getByText(/stores your tokens encrypted on its server/)).toBeTruthy();
  });

  it('offers Refresh with nothing connected, and it shows a connection made elsewhere (spec 2 Connections)', async () => {
    const connections: Partial<Record<string, ConnectionView>> = {};
    const { fetch } = server(connections);
    const { user } = open(fetch);
    expect(within(await card('twitter')).getByText('Not Connected')).toBeTruthy();
    // Connected from the extension, say: the page learns it on Refresh.
    connections.twitter = X;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => expect(within(await card('twitter')).getByText('Connected')).toBeTruthy());
    expect(within(await card('twitter')).getByText('@ada')).toBeTruthy();
  });

  it('disables Connect on a server without the platform configured', async () => {
    open(server({}).fetch, { config: { social: { twitter: false, reddit: true } } });
    const x = await card('twitter');
    expect(within(x).getByText('Not Connected')).toBeTruthy();
    const button = within(x).getByRole('button', { name: 'X is not configured on this server' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(await card('reddit')).getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('opens the 600×600 popup in the click, then sends it on with a single-use code, never the token', async () => {
    const popup = { location: { replace: vi.fn() }, close: vi.fn() };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { fetch, codes } = server({});
    const { user } = open(fetch);
    await user.click(within(await card('reddit')).getByRole('button', { name: 'Connect' }));
    const [url, name, features] = openSpy.mock.calls[0]!;
    expect(String(url)).toBe('about:blank');
    expect(name).toBe('oauth-reddit');
    expect(features).toMatch(/^width=600,height=600,left=\d+,top=\d+$/);
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledTimes(1));
    const target = String(popup.location.replace.mock.calls[0]![0]);
    expect(target).toBe(`/auth/reddit?userId=${fakeSession().user.id}&code=${CODE}`);
    expect(target).not.toContain(fakeSession().access_token);
    expect(codes[0]?.url.pathname).toBe('/api/user/connections/reddit/code');
    expect(codes[0]?.headers.get('authorization')).toBe(`Bearer ${fakeSession().access_token}`);
  });

  it('closes the popup and says so when no code can be had', async () => {
    const popup = { location: { replace: vi.fn() }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user } = open(server({}, 200, 500).fetch);
    await user.click(within(await card('twitter')).getByRole('button', { name: 'Connect' }));
    expect((await banner()).textContent).toContain('Failed to connect to X: Server error');
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.replace).not.toHaveBeenCalled();
  });

  it('says so when the popup is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = open(server({}).fetch);
    await user.click(within(await card('twitter')).getByRole('button', { name: 'Connect' }));
    expect((await banner()).textContent).toContain('was blocked');
  });

  it('asks to log in before connecting with an unusable token', async () => {
    const openSpy = vi.spyOn(window, 'open');
    const { user } = open(server({}).fetch, { token: 'null' });
    await user.click(within(await card('twitter')).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Please log in to connect accounts')).toBeTruthy();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('ignores OAuth messages from another origin', async () => {
    const { fetch, saves } = server({});
    open(fetch);
    await card('twitter');
    await post({ type: 'oauth-success', data: SUCCESS }, 'https://evil.example');
    // Then a trusted one (Reddit): it is saved and toasted, the same way the forged one would have been before it.
    await post({ type: 'oauth-success', data: { ...SUCCESS, platform: 'reddit' } });
    expect(await screen.findByText('Connected to Reddit successfully!')).toBeTruthy();
    expect(saves.map((s) => s.url.pathname)).toEqual(['/api/user/connections/reddit']);
    expect(screen.queryByText('Connected to X successfully!')).toBeNull();
  });

  it('rejects OAuth success data without a token or profile', async () => {
    const { fetch, saves } = server({});
    open(fetch);
    await card('twitter');
    await post({
      type: 'oauth-success',
      data: { platform: 'twitter', accessToken: 'confirm-handle-0123456789' },
    });
    expect((await banner()).textContent).toContain('Invalid OAuth data received');
    expect(saves).toHaveLength(0);
  });

  it('saves a connection, toasts it with the resumed tasks and pushes the map', async () => {
    const { fetch, saves, pushes } = server({});
    open(fetch);
    await card('twitter');
    await post({ type: 'oauth-success', data: SUCCESS });
    expect(await screen.findByText('Connected to X successfully!')).toBeTruthy();
    expect(await screen.findByText('X connected, 2 paused task(s) resumed')).toBeTruthy();
    expect(saves[0]?.url.pathname).toBe('/api/user/connections/twitter');
    expect(saves[0]?.body).toEqual({
      accessToken: SUCCESS.accessToken,
      refreshToken: null,
      profile: SUCCESS.profile,
    });
    expect(within(await card('twitter')).getByText('Connected')).toBeTruthy();
    await waitFor(() => expect(pushes[0]?.body).toEqual({ connections: { twitter: X } }));
  });

  it('shows the OAuth error with the platform name', async () => {
    open(server({}).fetch);
    await card('twitter');
    await post({ type: 'oauth-error', error: 'access_denied', platform: 'reddit' });
    expect((await banner()).textContent).toContain(
      'Failed to connect to Reddit: access_denied',
    );
  });

  it('toasts an expired session when the save answers 401', async () => {
    const { fetch } = server({}, 401);
    open(fetch);
    await card('twitter');
    await post({ type: 'oauth-success', data: SUCCESS });
    expect(await screen.findByText('Authentication expired. Please log in again.')).toBeTruthy();
    expect((await banner()).textContent).toContain(
      'Failed to save X connection: Invalid token',
    );
  });

  it('disconnects after confirmation', async () => {
    const { fetch, deletes, pushes } = server({ reddit: { ...REDDIT_ERROR, error: null, connected: true } });
    const { user } = open(fetch);
    await user.click(within(await card('reddit')).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Reddit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disconnected from Reddit')).toBeTruthy();
    expect(deletes[0]?.url.pathname).toBe('/api/user/connections/reddit');
    expect(within(await card('reddit')).getByText('Not Connected')).toBeTruthy();
    await waitFor(() => expect(pushes[0]?.body).toEqual({ connections: {} }));
  });

  it('shows a dismissible banner when loading fails', async () => {
    const fetch = createFakeServer({
      'GET /onboarding/:userId/status': () =>
        Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    });
    const { user } = open(fetch);
    const alert = await banner();
    expect(alert.textContent).toContain('Not found');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByTestId('connections-error')).toBeNull();
  });
});
