import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, THEME_CHOICES } from '@cofounder/shared';
import { ThemeProvider } from './ThemeProvider.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

const isDark = () =>
  document.documentElement.classList.contains('dark') && document.body.classList.contains('dark');
const isLight = () =>
  !document.documentElement.classList.contains('dark') && !document.body.classList.contains('dark');
const [DARK, LIGHT, SYSTEM] = THEME_CHOICES.map((c) => c.label) as [string, string, string];
const pressed = () =>
  screen.getAllByRole('button', { pressed: true }).map((b) => b.getAttribute('aria-label'));

/** The OS colour scheme as matchMedia reports it, switchable while the page is open. */
function fakeColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return (nextDark: boolean) => {
    dark = nextDark;
    act(() => listeners.forEach((fn) => fn()));
  };
}

const renderSelector = () =>
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('theme', () => {
  it('offers dark, light and system, and defaults to dark on <html> and <body>', () => {
    renderSelector();
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    for (const name of [DARK, LIGHT, SYSTEM]) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(pressed()).toEqual([DARK]);
    expect(isDark()).toBe(true);
  });

  it('stores the choice under "theme" and applies it', async () => {
    renderSelector();
    await userEvent.click(screen.getByRole('button', { name: LIGHT }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(pressed()).toEqual([LIGHT]);
    expect(isLight()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: DARK }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(isDark()).toBe(true);
  });

  it('starts from the stored choice', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    renderSelector();
    expect(pressed()).toEqual([LIGHT]);
    expect(isLight()).toBe(true);
  });

  it('follows the OS colour scheme live when "system" is chosen, and stops when another is', async () => {
    const setOsDark = fakeColorScheme(false);
    renderSelector();
    await userEvent.click(screen.getByRole('button', { name: SYSTEM }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('system');
    expect(pressed()).toEqual([SYSTEM]);
    expect(isLight()).toBe(true);
    setOsDark(true);
    expect(isDark()).toBe(true);
    setOsDark(false);
    expect(isLight()).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: DARK }));
    setOsDark(false);
    expect(isDark()).toBe(true);
  });
});
