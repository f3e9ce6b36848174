import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { OG_IMAGE, ROUTE_META, SITE_NAME } from '../features/meta/route-meta.ts';
import { LandingApp } from './LandingApp.tsx';

/*
 * Built by scripts/prerender-landing.mjs (Vite's SSR build) and run once at build time: the landing page's HTML
 * for landing.html's #root — the signed-out, default-theme state the client hydrates — and its head tags.
 */

export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
}

const escapeAttr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The title, description and social tags of "/" (the values RouteMeta renders for it in the SPA). */
export function landingHead(origin: string): string {
  const { title, description } = ROUTE_META.landing;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(content)}" />`;
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${origin}/`),
    meta('property', 'og:image', new URL(OG_IMAGE, `${origin}/`).href),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    `<link rel="canonical" href="${escapeAttr(`${origin}/`)}" />`,
  ].join('\n    ');
}
