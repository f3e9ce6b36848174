import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Says the new page's title politely after a client-side navigation (a full page load is announced by the browser
 * itself, so the first render says nothing). The title is read once React has committed the page's <title>.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => setMessage(document.title), 0);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    // aria-live without role="status": the page's own status messages stay the only "status" role on it.
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}
