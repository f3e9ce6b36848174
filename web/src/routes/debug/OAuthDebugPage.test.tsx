import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createApi } from '@cofounder/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { OAuthDebugPage } from './OAuthDebugPage.tsx';

const ANON_KEY = 'eyJhbGciOiJIUzI1NiJ9.anon-key-that-must-never-show';

function row(card: string, label: string) {
  const section = screen.getByRole('region', { name: card });
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('/oauth-debug', () => {
  it('shows the hosted auth server, providers and modes, and never the key or the tokens', async () => {
    const session = fakeSession();
    const { container } = renderApp('/oauth-debug', {
      auth: createFakeAuth(session),
      config: {
        supabaseUrl: 'https://project.supabase.co',
        supabaseAnonKey: ANON_KEY,
        modes: { auth: 'real', database: 'real', email: 'local', ai: 'real', billing: 'local' },
        oauthProviders: { google: true, github: false },
        social: { twitter: true, reddit: false },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'OAuth Debug' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    expect(row('Authentication', 'Auth mode')).toContain('Hosted (Supabase Auth)');
    expect(row('Authentication', 'Supabase URL in use')).toBe('https://project.supabase.co');
    expect(row('Authentication', 'Public (anon) key')).toBe('Set');
    expect(row('OAuth sign-in providers', 'Google')).toBe('Enabled');
    expect(row('OAuth sign-in providers', 'GitHub')).toBe('Not enabled');
    expect(row('Social platforms', 'X (Twitter)')).toBe('Configured');
    expect(row('Social platforms', 'Reddit')).toBe('Not configured');
    expect(row('Provider modes', 'Database')).toBe('Real');
    expect(row('Provider modes', 'Email')).toBe('Local');

    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(row('Session', 'User')).toBe('ada@example.com');
    const expires = within(screen.getByRole('region', { name: 'Session' })).getByText(
      (_, el) => el?.tagName === 'TIME',
    );
    expect(expires.getAttribute('datetime')).toBe(new Date((session.expires_at ?? 0) * 1000).toISOString());
    expect(row('Session', 'Expires')).toMatch(/in (59|60) min/);

    const html = container.innerHTML;
    expect(html).not.toContain(ANON_KEY);
    expect(html).not.toContain('anon-key-that-must-never-show');
    expect(html).not.toContain(session.access_token);
    expect(html).not.toContain(session.refresh_token);
  });

  it('shows local auth as this server, and a signed-out browser', async () => {
    renderApp('/oauth-debug');
    expect(await screen.findByRole('heading', { level: 1, name: 'OAuth Debug' })).toBeTruthy();
    expect(row('Authentication', 'Auth mode')).toContain('Local');
    expect(row('Authentication', 'Supabase URL in use')).toBe('this server (local auth)');
    expect(await screen.findByText('No session (signed out)')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('anon-key');
  });

  it('shows loading, then the error with a way to try again, when the config cannot be read', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let fail = true;
    let release!: () => void;
    const api = createApi({
      baseUrl: 'http://test.invalid',
      getToken: () => null,
      fetch: async () => {
        await new Promise<void>((r) => (release = r));
        if (fail) throw new TypeError('Failed to fetch');
        return Response.json({
          supabaseUrl: null,
          supabaseAnonKey: 'k',
          modes: { auth: 'local', database: 'local', email: 'local', ai: 'local', billing: 'local' },
          oauthProviders: { google: false, github: false },
          devMailbox: true,
        });
      },
    });
    const router = createMemoryRouter([{ path: '/oauth-debug', element: <OAuthDebugPage /> }], {
      initialEntries: ['/oauth-debug'],
    });
    render(
      <AppProviders services={{ queryClient, api, auth: createFakeAuth() }}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Loading configuration...')).toBeTruthy();
    release();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Could not load the server configuration');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload configuration' }));
    await screen.findByRole('button', { name: 'Checking...' });
    release();
    expect(await screen.findByText('this server (local auth)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
