import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { STORAGE_KEYS } from '@cofounder/shared';
import {
  applyTheme,
  DEFAULT_THEME,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  systemPrefersDark,
  type ThemePreference,
} from './theme.ts';

interface ThemeState {
  theme: ThemePreference;
  setTheme: (theme: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/*
 * The stored choice and the OS setting are external stores: on a client render they are read at once, while a
 * hydration (the prerendered landing page) first renders the server's default — dark, as the prerender did — and
 * switches right after, so the markup matches; landing.html's head script has already applied the stored theme.
 */
const themeListeners = new Set<() => void>();

function subscribeTheme(onChange: () => void) {
  themeListeners.add(onChange);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    themeListeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribeSystemTheme(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const serverTheme = () => DEFAULT_THEME;
const serverPrefersDark = () => true;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeTheme, readStoredTheme, serverTheme);
  const prefersDark = useSyncExternalStore(subscribeSystemTheme, systemPrefersDark, serverPrefersDark);
  const resolvedTheme = resolveTheme(theme, prefersDark);

  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  const setTheme = useCallback((next: ThemePreference) => {
    storeTheme(next);
    for (const listener of themeListeners) listener();
  }, []);

  const value = useMemo<ThemeState>(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside ThemeProvider');
  return ctx;
}
