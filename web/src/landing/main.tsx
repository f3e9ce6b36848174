import { StrictMode } from 'react';
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
else if (rootElement.firstElementChild) hydrateRoot(rootElement, app);
else createRoot(rootElement).render(app);
