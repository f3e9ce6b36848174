import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fakeSession } from '../test/fake-auth.ts';
import { LandingApp } from './LandingApp.tsx';
import { storedSessionChanged } from './stored-account.ts';

const SESSION_KEY = 'sb-127-auth-token';
const storeSession = (email = 'ada@example.com') =>
  localStorage.setItem(SESSION_KEY, JSON.stringify(fakeSession(email)));

// The page's header (the dashboard preview's usage meter has a <header> of its own, inside a section).
const header = () => within(screen.getAllByRole('banner')[0]!);
const app = (props: Parameters<typeof LandingApp>[0] = {}) => (
  <StrictMode>
    <LandingApp {...props} />
  </StrictMode>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** What the build does: render on the "server" (no storage read), then hydrate that markup. */
async function prerenderAndHydrate(props: Parameters<typeof LandingApp>[0] = {}) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(app(props));
  document.body.append(container);
  const serverHtml = container.innerHTML;
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, app(props), {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { serverHtml, errors, container };
}

describe('the landing entry (landing.html)', () => {
  it('prerenders the signed-out page with plain links and hydrates it without mismatches', async () => {
    storeSession();
    localStorage.setItem('theme', 'light');
    const consoleError = vi.spyOn(console, 'error');
    const { serverHtml, errors } = await prerenderAndHydrate();
    // The prerender is the signed-out, dark default whatever this browser stored.
    expect(serverHtml).toContain('Get Your AI Intern Free');
    expect(serverHtml).toMatch(/aria-label="Dark theme"[^>]*aria-pressed="true"/);
    expect(serverHtml).not.toContain('Go to Dashboard');
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // After hydration: the stored session and theme apply.
    expect(
      screen.getAllByRole('link', { name: 'Go to Dashboard' }).map((l) => l.getAttribute('href')),
    ).toEqual(['/dashboard', '/dashboard']);
    expect(header().getByRole('button', { name: 'Light theme', pressed: true })).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('shows Sign In, Get Started and the signed-out buttons without a stored session', async () => {
    await prerenderAndHydrate();
    expect(header().getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(header().getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Get Your AI Intern Free' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'See How Your AI Intern Works' }).getAttribute('href')).toBe(
      '/#how-it-works',
    );
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(header().queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('shows Dashboard, Sign Out and the account menu when a session is stored, and signs out', async () => {
    storeSession('grace@example.com');
    const onSignOut = vi.fn(async () => localStorage.removeItem(SESSION_KEY));
    render(app({ onSignOut: async () => (await onSignOut(), storedSessionChanged()) }));
    const user = userEvent.setup();
    expect(header().getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await user.click(await header().findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(header().getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(await header().findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Your AI Intern Free' })).toBeTruthy();
  });

  it('follows a sign-in in another tab', async () => {
    render(app());
    expect(header().getByRole('link', { name: 'Sign In' })).toBeTruthy();
    storeSession();
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY })));
    expect(header().getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('keeps the FAQ, the mobile menu and the theme toggle working after hydration', async () => {
    await prerenderAndHydrate();
    const user = userEvent.setup();
    const first = screen.getByRole('button', { name: 'Is there a long-term contract?' });
    const second = screen.getByRole('button', { name: 'How long does onboarding take?' });
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Features' }),
    );
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(header().getByRole('button', { name: 'Light theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
