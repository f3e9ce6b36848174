import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { PageMeta } from './PageMeta.tsx';
import { DEFAULT_META, SIGNED_IN_TITLES, type RouteMetaHandle } from './route-meta.ts';

function isMetaHandle(handle: unknown): handle is RouteMetaHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/**
 * The current route's <PageMeta>, from the deepest match whose `handle` has one (router.tsx), so pages need no
 * code of their own. Signed-in pages take their title by address (SIGNED_IN_TITLES) and stay out of search results.
 */
export function RouteMeta() {
  const matches = useMatches();
  const handle = matches.map((m) => m.handle).findLast(isMetaHandle);
  const { pathname } = useLocation();
  const signedInTitle = SIGNED_IN_TITLES[pathname.replace(/\/$/, '')];

  // index.html's static title, description and social tags serve crawlers that run no script; once React renders
  // the page's own, they would be duplicates.
  useEffect(() => {
    for (const el of document.head.querySelectorAll('[data-static-meta]')) el.remove();
  }, []);

  if (handle) return <PageMeta {...handle.meta} />;
  return <PageMeta {...DEFAULT_META} title={signedInTitle ?? DEFAULT_META.title} noindex />;
}
