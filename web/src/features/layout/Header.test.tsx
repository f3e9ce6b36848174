import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SKIP_LINK_TEXT } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

describe('public header and footer', () => {
  it('offers Sign In and Get Started when signed out', async () => {
    renderApp('/pricing');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();
    const main = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/#features');
    expect(within(main).getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe(
      '/#how-it-works',
    );
  });

  it('offers Dashboard, Sign Out and the account menu with the address when signed in', async () => {
    const { user } = renderApp('/pricing', { auth: createFakeAuth(fakeSession('ada@example.com')) });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(header).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    // The account menu loads on first show (it is not part of the landing page's first download).
    await user.click(await within(header).findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
  });

  it('signs out from the header', async () => {
    const auth = createFakeAuth(fakeSession());
    const { user } = renderApp('/pricing', { auth });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalled();
    await screen.findByRole('link', { name: 'Get Started' });
  });

  it('toggles the mobile menu', async () => {
    const { user } = renderApp('/pricing');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('mobile-menu');
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(menu.id).toBe('mobile-menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The focus moves to the menu's first link.
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Features' }));
    for (const name of [
      'Features',
      'How It Works',
      'Pricing',
      'Careers',
      'Contact',
      'Sign In',
      'Get Started',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('closes the mobile menu with Escape and gives the focus back to the toggle', async () => {
    const { user } = renderApp('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('shows the signed-in actions in the mobile menu', async () => {
    const { user } = renderApp('/pricing', { auth: createFakeAuth(fakeSession()) });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('closes the mobile menu when a link is followed', async () => {
    const { user, router } = renderApp('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Contact' }),
    );
    await screen.findByRole('heading', { name: 'Contact Us', level: 1 });
    expect(router.state.location.pathname).toBe('/contact');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('offers a skip link to the main content', async () => {
    renderApp('/pricing');
    const skip = await screen.findByRole('link', { name: SKIP_LINK_TEXT });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });

  it('has the footer columns', async () => {
    renderApp('/pricing');
    const footer = await screen.findByRole('contentinfo');
    for (const name of ['About', 'Careers', 'Terms', 'Privacy', 'Contact', 'X', 'LinkedIn', 'Discord']) {
      expect(within(footer).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(footer).getByRole('link', { name: 'X' }).getAttribute('href')).toBe('https://x.com');
  });
});
