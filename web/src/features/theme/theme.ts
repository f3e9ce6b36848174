import { STORAGE_KEYS, type THEME_CHOICES } from '@cofounder/shared';

export type ThemePreference = (typeof THEME_CHOICES)[number]['value'];
export type ResolvedTheme = 'dark' | 'light';

/** Dark is the default (spec 1 §2 records dark and system; dark is what the page forces at start-up). */
export const DEFAULT_THEME: ThemePreference = 'dark';

export function readStoredTheme(): ThemePreference {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return stored === 'dark' || stored === 'light' || stored === 'system' ? stored : DEFAULT_THEME;
}

export function storeTheme(theme: ThemePreference): void {
  localStorage.setItem(STORAGE_KEYS.theme, theme);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function resolveTheme(theme: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Both <html> and <body> carry the class: the spec forces dark on both, and portals render into body. */
export function applyTheme(resolved: ResolvedTheme): void {
  for (const el of [document.documentElement, document.body])
    el.classList.toggle('dark', resolved === 'dark');
}
