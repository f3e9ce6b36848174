import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
    await user.click(within(header).getByRole('button', { name: 'Account menu' }));
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
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
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
