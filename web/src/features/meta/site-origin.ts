import { createContext, useContext } from 'react';

/**
 * The site's origin for absolute URLs in meta tags (og:image): the page's own in the browser; a server render
 * (src/ssr) provides the public URL it serves under.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
