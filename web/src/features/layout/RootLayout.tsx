import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** Top of the route tree: scroll handling and a thin progress bar while a lazy page loads. */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** Every navigation starts at the top (spec 1 §2), except in-page anchors like /#features. */
function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
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
