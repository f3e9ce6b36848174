import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pageHead } from '../features/meta/page-head.ts';
import { LandingApp } from './LandingApp.tsx';

/*
 * Run once at build time by scripts/prerender-landing.mjs (from the island pages' server bundle,
 * src/islands/render.tsx): the landing page's HTML for landing.html's #root — the signed-out, default-theme state
 * the client hydrates — and its head tags.
 */

export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
}

/** The title, description and social tags of "/" (the values RouteMeta renders for it in the SPA). */
export const landingHead = (origin: string): string => pageHead('landing', '/', origin);
