import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { useAuth } from '../auth/AuthProvider.tsx';
import { Logo } from '../layout/Logo.tsx';
import { ProductTour } from '../tour/ProductTour.tsx';
import { OnboardingBanner } from './OnboardingBanner.tsx';
import { Sidebar } from './Sidebar.tsx';

/**
 * Layout of /dashboard/*: a fixed sidebar from md up, a drawer behind a menu button below it. The main area is
 * the viewport's height and scrolls by itself, so a page like the chat can fill it exactly.
 */
export function DashboardShell() {
  const { user } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [tourHighlight, setTourHighlight] = useState<string | null>(null);
  const main = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  useEffect(() => {
    setDrawerOpen(false);
    // The page scrolls inside <main>, which RootLayout's window.scrollTo cannot reset. A link to a #section is the
    // page's to scroll (this effect runs after the page's own, so resetting here would undo it).
    if (!hash) main.current?.scrollTo?.(0, 0);
  }, [pathname, hash]);

  return (
    <div className="min-h-screen md:flex">
      <div className="sticky top-0 z-50 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
        <Logo />
        <button
          type="button"
          aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={drawerOpen}
          aria-controls="dashboard-sidebar"
          onClick={() => setDrawerOpen((o) => !o)}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {drawerOpen ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
      {drawerOpen && (
        <div
          className="fixed inset-x-0 top-14 bottom-0 z-30 bg-black/40 md:hidden"
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <aside
        id="dashboard-sidebar"
        className={`${drawerOpen ? 'flex' : 'hidden'} fixed top-14 bottom-0 left-0 z-40 w-64 flex-col border-r border-slate-200 bg-white md:sticky md:top-0 md:bottom-auto md:flex md:h-screen dark:border-slate-800 dark:bg-slate-950`}
      >
        <Sidebar onNavigate={() => setDrawerOpen(false)} highlight={tourHighlight} />
      </aside>
      <main
        id="main"
        ref={main}
        className="flex h-[calc(100dvh-3.5rem)] min-w-0 flex-1 flex-col overflow-y-auto md:h-dvh"
      >
        {user && <OnboardingBanner userId={user.id} />}
        <Outlet />
      </main>
      {user && <ProductTour userId={user.id} onHighlight={setTourHighlight} />}
    </div>
  );
}
