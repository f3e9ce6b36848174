import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { Logo } from './Logo.tsx';
import { HEADER_LINKS } from './nav-links.ts';
import { AppLink, usePathname } from './navigation.tsx';

// The account menu (Radix dropdown, ~16 KB gzip) only matters to signed-in visitors: it loads when first shown, so
// the landing page's first load does not carry it.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:text-white';
const ctaClass =
  'rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-slate-950';

/** Who the header shows: signed out, or signed in with an address and a way to sign out. */
export interface HeaderAccount {
  isAuthenticated: boolean;
  email?: string | null;
  onSignOut: () => Promise<void>;
}

/**
 * Public header (spec 1 §2): site links, theme toggle, and sign-in or account actions; a menu under md. The
 * account comes from the caller (the SPA's auth, or the landing page's stored session), so the landing page can
 * render it without the auth client.
 */
export function SiteHeader({ account }: { account: HeaderAccount }) {
  const { isAuthenticated, email, onSignOut } = account;
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  // Any navigation (logo, sign-in, back button) closes the mobile menu; in-page anchors close it on click.
  useEffect(() => setMenuOpen(false), [pathname]);

  // Opening moves the focus into the menu; Escape closes it and gives the focus back to the toggle.
  useEffect(() => {
    if (!menuOpen) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const actions = isAuthenticated ? (
    <>
      <AppLink to="/dashboard" className={navLinkClass}>
        Dashboard
      </AppLink>
      <button type="button" className={navLinkClass} onClick={() => void onSignOut()}>
        Sign Out
      </button>
    </>
  ) : (
    <>
      <AppLink to="/login" className={navLinkClass}>
        Sign In
      </AppLink>
      <AppLink to="/register" className={ctaClass}>
        Get Started
      </AppLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/80 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((l) => (
            <AppLink key={l.to} to={l.to} className={navLinkClass}>
              {l.label}
            </AppLink>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <div className="hidden items-center gap-1 md:flex">{actions}</div>
          {isAuthenticated && email && (
            <Suspense fallback={null}>
              <UserMenu email={email} />
            </Suspense>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <nav
        ref={menuRef}
        id="mobile-menu"
        hidden={!menuOpen}
        aria-label="Mobile"
        className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
      >
        <div className="flex flex-col gap-1">
          {HEADER_LINKS.map((l) => (
            <AppLink key={l.to} to={l.to} className={navLinkClass} onClick={() => setMenuOpen(false)}>
              {l.label}
            </AppLink>
          ))}
          <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
            {actions}
          </div>
        </div>
      </nav>
    </header>
  );
}
