import { paintableCard } from './first-paint.ts';
import { popupStartIn, readPopupItems } from './start.ts';
import './style.css';

// The popup's entry: paint the saved card of the cached numbers at once (plain DOM, no React), then load the app,
// which renders the same card and takes over.
const root = document.getElementById('root');
if (!root) throw new Error('popup.html has no #root element');
const items = await readPopupItems();
const start = popupStartIn(items);
const saved = paintableCard(items, start);
if (saved) {
  // Our own markup, rendered by React from the founder's cached numbers and kept in this extension's storage.
  root.innerHTML = saved;
  root.dataset.firstPaint = 'cache';
  // Let the browser show it before React's modules are evaluated.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}
const { mount } = await import('./main.tsx');
mount(root, start);
