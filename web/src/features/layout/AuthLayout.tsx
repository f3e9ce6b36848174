import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useConfig } from '../../data/config/use-config.ts';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { Logo } from './Logo.tsx';
import { MAIN_FOCUS_CLASS, SkipLink } from './SkipLink.tsx';

/** The SPA's sign-in screens: the auth frame around the current route. */
export function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

/**
 * Frame of the sign-in screens: a skip link, logo, theme toggle and a centred card. It leaves out the public header on
 * purpose, so the form's own "Sign In" / "Sign in" controls are the only ones on the page.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  const config = useConfig();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-50 to-indigo-50/60 dark:from-slate-950 dark:to-indigo-950/30">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-12 ${MAIN_FOCUS_CLASS}`}
      >
        {children}
      </main>
      {/* In a footer landmark, so no text of the page sits outside one. */}
      {config.modes.email === 'local' && (
        <footer className="px-4 pb-6 text-center text-xs text-slate-500 dark:text-slate-400">
          <p>Local mode: emails go to the dev mailbox.</p>
        </footer>
      )}
    </div>
  );
}
