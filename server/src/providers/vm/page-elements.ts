import type { PageElement } from './port.ts';

// What observe() runs inside the page: the interactive elements visible in the viewport, with an accessible
// name a planner can match ("the button labelled Send") and a box in screen pixels it can click. It is a string
// rather than a function because the TypeScript toolchains here (tsx, vitest) inject helpers such as __name into
// compiled functions, which do not exist inside the page.

export const MAX_ELEMENTS = 200;
const NAME_CHARS = 80;

export const COLLECT_ELEMENTS = `(() => {
  const SELECTOR = 'a[href], button, input:not([type=hidden]), textarea, select, [role=button], [role=link], '
    + '[role=textbox], [role=checkbox], [contenteditable]:not([contenteditable=false]), [onclick]';
  const clean = (s) => (s || '').replace(/\\s+/g, ' ').trim().slice(0, ${NAME_CHARS});
  const textOf = (el) => clean(el.innerText || el.textContent);
  const sensitive = new Map();
  const inSensitiveForm = (el) => {
    const root = el.form || el.closest('form') || document;
    if (!sensitive.has(root)) sensitive.set(root, !!root.querySelector('input[type=password], [autocomplete^="cc-"]'));
    return sensitive.get(root);
  };
  const nameOf = (el) => {
    const tag = el.tagName;
    const aria = clean(el.getAttribute('aria-label'));
    if (aria) return aria;
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const text = clean(by.split(/\\s+/).map((id) => { const t = document.getElementById(id); return t ? t.innerText || t.textContent : ''; }).join(' '));
      if (text) return text;
    }
    if (el.labels && el.labels.length) {
      const text = clean(Array.from(el.labels).map((l) => l.innerText || l.textContent).join(' '));
      if (text) return text;
    }
    const placeholder = clean(el.getAttribute('placeholder'));
    if (placeholder) return placeholder;
    if (tag !== 'INPUT' && tag !== 'TEXTAREA' && tag !== 'SELECT') {
      const text = textOf(el);
      if (text) return text;
    }
    const img = el.getAttribute('alt') ? el : el.querySelector && el.querySelector('img[alt]');
    const alt = img ? clean(img.getAttribute('alt')) : '';
    if (alt) return alt;
    const title = clean(el.getAttribute('title'));
    if (title) return title;
    if (tag === 'INPUT' && ['submit', 'button', 'reset'].includes(el.type) && el.value) return clean(el.value);
    return clean(el.getAttribute('name') || el.id || '');
  };
  const roleOf = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(/\\s+/)[0];
    const tag = el.tagName;
    if (tag === 'A') return 'link';
    if (tag === 'BUTTON') return 'button';
    if (tag === 'TEXTAREA') return 'textbox';
    if (tag === 'SELECT') return 'combobox';
    if (tag === 'INPUT') {
      const type = el.type;
      if (type === 'checkbox' || type === 'radio') return type;
      if (['submit', 'button', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'range') return 'slider';
      return 'textbox';
    }
    if (el.isContentEditable) return 'textbox';
    return 'button';
  };
  const out = [];
  for (const el of document.querySelectorAll(SELECTOR)) {
    if (out.length >= ${MAX_ELEMENTS}) break;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    out.push({
      role: roleOf(el),
      name: nameOf(el),
      tag: el.tagName.toLowerCase(),
      type: el.tagName === 'INPUT' ? el.type : null,
      autocomplete: el.getAttribute('autocomplete'),
      x: Math.round(r.left),
      y: Math.round(r.top),
      width: Math.round(r.width),
      height: Math.round(r.height),
      inSensitiveForm: inSensitiveForm(el),
    });
  }
  return out;
})()`;

/** The page's answer, trusted only as far as its shape: the page is the internet. */
export function toElements(value: unknown): PageElement[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_ELEMENTS).filter(
    (e): e is PageElement =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.role === 'string' &&
      typeof e.name === 'string' &&
      typeof e.x === 'number' &&
      typeof e.y === 'number',
  );
}
