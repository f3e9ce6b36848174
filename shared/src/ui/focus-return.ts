/** Controls a keyboard reaches with Tab (a region with tabindex="-1" is not one: its controls are). */
const CONTROL =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What had focus when a dialog opened: the element and its ancestors, outermost last. */
export type Opener = readonly HTMLElement[];

/** Focuses `el` and says whether it took: a removed, hidden or disabled element does not take focus. */
function focusOn(el: Element | null | undefined): boolean {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  el.focus();
  return document.activeElement === el;
}

/** `el` if it is a control, else the first of its controls that takes focus. */
function focusControlIn(el: HTMLElement | null | undefined): boolean {
  if (!el) return false;
  if (el.matches(CONTROL)) return focusOn(el);
  return [...el.querySelectorAll(CONTROL)].some(focusOn);
}

/** Call as the dialog opens, before focus moves into it; the page itself having focus counts as no opener. */
export function rememberOpener(): Opener {
  const chain: HTMLElement[] = [];
  for (
    let el = document.activeElement;
    el instanceof HTMLElement && el !== document.body;
    el = el.parentElement
  ) {
    chain.push(el);
  }
  return chain;
}

/**
 * Gives focus back as a dialog closes: to its opener; when that is gone (a menu item, the row the dialog
 * removed) or there was none (a dialog that opened by itself), to `fallback`, else to the first control left
 * in the opener's nearest surviving ancestor, so a keyboard user carries on where they were.
 */
export function returnFocus(opener: Opener, fallback?: () => HTMLElement | null | undefined): boolean {
  const [element, ...ancestors] = opener;
  if (focusOn(element)) return true;
  if (focusControlIn(fallback?.())) return true;
  return ancestors.some((el) => el.isConnected && focusControlIn(el));
}
