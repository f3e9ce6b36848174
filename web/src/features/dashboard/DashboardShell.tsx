import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { useAuth } from '../auth/AuthProvider.tsx';
import { Logo } from '../layout/Logo.tsx';
import { ProductTour } from '../tour/ProductTour.tsx';
import { OnboardingBanner } from './OnboardingBanner.tsx';
import { MAIN_FOCUS_CLASS, SkipLink } from '../layout/SkipLink.tsx';
import { Sidebar } from './Sidebar.tsx';

// The drawer's dialog code (Radix, focus trap) loads on the first tap of the menu button, not with every page.
const MobileDrawer = lazy(() => import('./MobileDrawer.tsx'));

/**
 * Layout of /dashboard/*: a skip link, a fixed sidebar from md up, a modal drawer behind a menu button below it.
 * The main area is the viewport's height and scrolls by itself, so a page like the chat can fill it exactly.
 */
export function DashboardShell() {
  const { user } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first open on, so a closing drawer can give focus back to the menu button.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [tourHighlight, setTourHighlight] = useState<string | null>(null);
  const main = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    setDrawerOpen(false);
    // The page scrolls inside <main>, which RootLayout's window.scrollTo cannot reset. A link to a #section is the
    // page's to scroll (this effect runs after the page's own, so resetting here would undo it).
    if (hash) return;
    main.current?.scrollTo?.(0, 0);
    // After a navigation a keyboard user continues from the new page, not from the link they left behind.
    if (!firstPage.current) main.current?.focus({ preventScroll: true });
    firstPage.current = false;
  }, [pathname, hash]);

  return (
    <div className="min-h-screen md:flex">
      <SkipLink />
      <div className="sticky top-0 z-50 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
        <Logo />
        <button
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} highlight={tourHighlight} />
        </Suspense>
      )}
      <aside className="sticky top-0 hidden h-screen w-64 flex-col border-r border-slate-200 bg-white md:flex dark:border-slate-800 dark:bg-slate-950">
        <Sidebar highlight={tourHighlight} />
      </aside>
      <main
        id="main"
        ref={main}
        tabIndex={-1}
        className={`flex h-[calc(100dvh-3.5rem)] min-w-0 flex-1 flex-col overflow-y-auto md:h-dvh ${MAIN_FOCUS_CLASS}`}
      >
        {user && <OnboardingBanner userId={user.id} />}
        <Outlet />
      </main>
      {user && <ProductTour userId={user.id} onHighlight={setTourHighlight} />}
    </div>
  );
}
