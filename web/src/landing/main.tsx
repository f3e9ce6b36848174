import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingApp } from './LandingApp.tsx';
import { oauthHandoffUrl } from './oauth-handoff.ts';
import '../styles.css';

// web/landing.html's island: the build prerenders LandingApp into #root (scripts/prerender-landing.mjs) and this
// hydrates it. The Vite dev server serves landing.html without the prerender, so there it renders from scratch.
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('landing.html has no #root element');
const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);
const handoff = oauthHandoffUrl(window.location);
if (handoff) window.location.replace(handoff);
// As a transition, hydration yields to the browser every few milliseconds instead of one long task that blocks
// input (Lighthouse's total blocking time on a slow phone).
else if (rootElement.firstElementChild) startTransition(() => void hydrateRoot(rootElement, app));
else createRoot(rootElement).render(app);
