import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { CachedCard } from './CachedCard.tsx';
import { saveCachedCard } from './cached-card-html.ts';
import type { PopupStart } from './start.ts';

// The app (the API client, zod) downloads while the cached numbers are shown: CachedCard needs only React,
// extension storage and the card's views.
const appModule = import('./App.tsx');
const App = lazy(() => appModule.then((m) => ({ default: m.App })));

/** Renders the popup into `root` (which may hold boot.ts's painted card: React replaces it with its own). */
export function mount(root: HTMLElement, start: PopupStart): void {
  // Numbers cached without a saved card (saved by an older version, or yesterday's card): the next opening paints
  // them at once.
  if (root.dataset.firstPaint !== 'cache') void saveCachedCard(start);
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={<CachedCard start={start} />}>
        <App start={start} />
      </Suspense>
    </StrictMode>,
  );
}
