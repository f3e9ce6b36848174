import { useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { ConnectModelContext, MODEL_SETTINGS_PATH, type ConnectModelLink } from '@cofounder/shared/ui';
import { RouteMeta } from '../meta/RouteMeta.tsx';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';
import { RouterNavigation } from './RouterNavigation.tsx';

/**
 * Top of the route tree: the page's title and meta tags, its announcement after a navigation, scroll handling and a
 * progress bar while a lazy page loads.
 */
export function RootLayout() {
  return (
    <RouterNavigation>
      <RouteMeta />
      <RouteAnnouncer />
      <ScrollToTop />
      <NavigationProgress />
      <ConnectModelLinks>
        <Outlet />
      </ConnectModelLinks>
    </RouterNavigation>
  );
}

/** Every "Offline draft" label of the app links to Settings → Model, in place (issue 23 §3). */
function ConnectModelLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const link = useMemo<ConnectModelLink>(
    () => ({ href: MODEL_SETTINGS_PATH, navigate: (href) => void navigate(href) }),
    [navigate],
  );
  return <ConnectModelContext value={link}>{children}</ConnectModelContext>;
}

/**
 * Every navigation starts at the top (spec 1 §2), except in-page anchors like /#features, also when they come
 * from another route: the router commits only after the lazy page arrived, so the section exists by now. The
 * section also takes the focus, so keyboard and screen-reader users continue from there.
 */
function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) {
      window.scrollTo(0, 0);
      return;
    }
    target.scrollIntoView();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, hash, key]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-pulse bg-indigo-500" />
    </div>
  );
}
