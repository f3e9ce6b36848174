import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { CachedCard } from './CachedCard.tsx';
import { readPopupStart } from './start.ts';
import './style.css';

// The app (the API client, zod) downloads while the cached numbers are painted: the first paint
// needs only React, extension storage and the card below.
const appModule = import('./App.tsx');
const App = lazy(() => appModule.then((m) => ({ default: m.App })));

const root = document.getElementById('root');
if (!root) throw new Error('popup.html has no #root element');
void readPopupStart().then((start) =>
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={<CachedCard start={start} />}>
        <App start={start} />
      </Suspense>
    </StrictMode>,
  ),
);
