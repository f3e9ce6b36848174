import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CachedCard } from './CachedCard.tsx';
import { saveFirstPaint } from './first-paint.ts';
import type { PopupStart } from './start.ts';

/**
 * Renders CachedCard for `start` off screen and keeps its markup as the next popup's first paint (boot.ts), so the
 * next opening shows these numbers before React has loaded.
 */
export async function saveCachedCard(start: PopupStart): Promise<void> {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(createElement(CachedCard, { start })));
  const html = container.innerHTML;
  root.unmount();
  await saveFirstPaint(start, html);
}
