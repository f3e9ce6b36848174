import { OG_IMAGE, ROUTE_META, SITE_NAME, type RouteMetaKey } from './route-meta.ts';

const escapeAttr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The head tags of a page rendered outside the SPA (the prerendered landing page, the island pages): the title,
 * description and social tags RouteMeta renders for it in the SPA, with its canonical address.
 */
export function pageHead(key: RouteMetaKey, path: string, origin: string): string {
  const { title, description } = ROUTE_META[key];
  const url = new URL(path, `${origin}/`).href;
  const meta = (attr: 'name' | 'property', name: string, content: string) =>
    `<meta ${attr}="${name}" content="${escapeAttr(content)}" />`;
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', new URL(OG_IMAGE, `${origin}/`).href),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
  ].join('\n    ');
}
