import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EXTENSION, SKIP_LINK_TEXT, STORAGE_KEYS, THEME_CHOICES } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { SIGNED_IN_TITLES } from '../meta/route-meta.ts';
import { SIDEBAR_ITEMS } from './sidebar-items.ts';

const signedIn = () => createFakeAuth(fakeSession('ada@example.com'));

afterEach(() => vi.unstubAllGlobals());

describe('dashboard shell', () => {
  it('redirects /dashboard to /dashboard/chat and lists the sidebar entries in order', async () => {
    const { router } = renderApp('/dashboard', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Chat' });
    expect(router.state.location.pathname).toBe('/dashboard/chat');

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual([
      'Chat',
      'Voice Call',
      'Text Intern',
      'Intern Activity',
      'Approvals',
      'Intern Autonomy',
      'Investor Outreach',
      'VMs',
      'Connections',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Chat' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'VMs' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('asks before signing out, and cancel keeps the session', async () => {
    const { user, auth } = renderApp('/dashboard/work', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Co-Founder Activity' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    // A lazily loaded dialog: its first import may be slow on a loaded machine.
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out' }, { timeout: 5_000 });
    expect(
      within(dialog).getByText(
        "Are you sure you want to sign out? You'll need to log in again to access your dashboard.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(auth.signOut).not.toHaveBeenCalled();
    // Focus goes back to the button that opened it, not to the page's body.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign Out' }));
  });

  it('signs out (the browser extension too) and lands on the landing page', async () => {
    // An installed extension, as Chrome shows it to a page it lists.
    const sendMessage = vi.fn((_id: string, _message: unknown, reply: (r: unknown) => void) =>
      reply({ ok: true }),
    );
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    const { user, auth, router } = renderApp('/dashboard/chat', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Chat' });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(
      within(await screen.findByRole('dialog', {}, { timeout: 5_000 })).getByRole('button', {
        name: 'Sign Out',
      }),
    );

    expect(auth.signOut).toHaveBeenCalled();
    expect(sendMessage).toHaveBeenCalledWith(
      EXTENSION.id,
      { type: 'cofounder:signout' },
      expect.any(Function),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('link', { name: 'Get Your AI Intern Free' });
  });

  it('opens the mobile menu as a modal dialog that Escape closes, focus back on the menu button', async () => {
    const { user } = renderApp('/dashboard/chat', { auth: signedIn() });
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(within(drawer).getByRole('link', { name: 'Settings' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(menu);
  });

  it('titles every sidebar page, announces it after a navigation and moves focus to the main area', async () => {
    const { user } = renderApp('/dashboard/chat', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Chat' });
    await waitFor(() => expect(document.title).toBe(SIGNED_IN_TITLES['/dashboard/chat']));
    // The first page load is the browser's to announce.
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
    for (const { to } of SIDEBAR_ITEMS) expect(SIGNED_IN_TITLES[to]).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(document.title).toBe(SIGNED_IN_TITLES['/dashboard/settings']));
    await waitFor(() =>
      expect(screen.getByTestId('route-announcer').textContent).toBe(SIGNED_IN_TITLES['/dashboard/settings']),
    );
    expect(screen.getByTestId('route-announcer').getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('offers a skip link to the main area first', async () => {
    renderApp('/dashboard/chat', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Chat' });
    const links = screen.getAllByRole('link');
    expect(links[0]?.textContent).toBe(SKIP_LINK_TEXT);
    expect(links[0]?.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });

  it('names its controls by what they show (WCAG 2.5.3): the logo, the theme choices', async () => {
    renderApp('/dashboard/chat', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Chat' });
    // The logo's "C" mark is decoration: the link reads "Cofounder", not "CCofounder".
    expect(screen.getAllByRole('link', { name: 'Cofounder' }).length).toBeGreaterThan(0);
    const themes = within(screen.getByRole('group', { name: 'Theme' }));
    for (const { label } of THEME_CHOICES) {
      const button = themes.getByRole('button', { name: label });
      // An icon button: no visible text that its name could contradict.
      expect(button.textContent).toBe('');
    }
  });

  it('offers onboarding to a founder who has not finished it', async () => {
    const fetch = createFakeServer({
      'GET /onboarding/:userId/status': () =>
        Response.json({ isComplete: false, readyToWork: false, hasStarted: false }),
    });
    const { user } = renderApp('/dashboard/work', { auth: signedIn(), fetch });
    expect(await screen.findByText('Finish setting up your co-founder')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start onboarding' }).getAttribute('href')).toBe('/onboarding');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Finish setting up your co-founder')).toBeNull();
  });

  it('shows no onboarding banner once onboarding is complete, on the server or on this browser', async () => {
    const fetch = createFakeServer({
      'GET /onboarding/:userId/status': () =>
        Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    });
    renderApp('/dashboard/work', { auth: signedIn(), fetch });
    await screen.findByRole('heading', { name: 'Co-Founder Activity' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('Finish setting up your co-founder')).toBeNull();
  });

  it('treats a failed status call as not complete', async () => {
    renderApp('/dashboard/work', { auth: signedIn() });
    expect(await screen.findByText('Finish setting up your co-founder')).toBeTruthy();
  });

  it('trusts the local flag when the status call fails', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingCompleted(fakeUser().id), 'true');
    renderApp('/dashboard/work', { auth: signedIn() });
    await screen.findByRole('heading', { name: 'Co-Founder Activity' });
    expect(screen.queryByText('Finish setting up your co-founder')).toBeNull();
  });
});
