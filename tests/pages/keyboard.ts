import { expect, type Locator, type Page } from '@playwright/test';

/** What the page says about the element that has focus. */
interface FocusReport {
  /** "tag name-or-text", for failure messages. */
  what: string;
  /** The page itself has focus: nothing does. */
  onBody: boolean;
  /** Its box has a size and meets the viewport. */
  onScreen: boolean;
  /** A computed outline or focus ring shows it (see `focusReport`). */
  indicated: boolean;
  /** Inside an element with role="dialog". */
  inDialog: boolean;
}

/**
 * Reads the focused element in the page. Its indicator is a visible outline or a ring box-shadow (a shadow with
 * no offset or blur and a spread, as Tailwind's ring-* draws; a drop shadow does not count) on the element, on
 * the card drawn next to a visually hidden native input (peer-focus-visible), or on an ancestor that rings when
 * focus is within it (focus-within:ring).
 */
function focusReport(): FocusReport {
  const el = document.activeElement as HTMLElement | null;
  const shown = (color: string) => !/^transparent$|rgba\([^)]*,\s*0\)$|\/\s*0\)$/.test(color.trim());
  const ringParts = (shadow: string) =>
    shadow === 'none'
      ? []
      : shadow
          .split(/,(?![^(]*\))/)
          .filter(
            (part) =>
              /(^|\s)0px 0px 0px [1-9][\d.]*px/.test(part) && shown(part.replace(/\s-?[\d.]+px/g, '')),
          );
  const rings = (node: Element | null) => {
    if (!node) return false;
    const style = getComputedStyle(node);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && shown(style.outlineColor);
    return outline || ringParts(style.boxShadow).length > 0;
  };
  if (!el || el === document.body) {
    return { what: 'body', onBody: true, onScreen: false, indicated: false, inDialog: false };
  }
  const box = el.getBoundingClientRect();
  const hiddenInput = getComputedStyle(el).opacity === '0';
  const ancestors: Element[] = [];
  for (let node = el.parentElement; node && ancestors.length < 4; node = node.parentElement)
    ancestors.push(node);
  const indicated =
    rings(el) ||
    (hiddenInput && rings(el.nextElementSibling)) ||
    ancestors.some((node) => String(node.className).includes('focus-within:ring') && rings(node));
  const label = (el as HTMLInputElement).labels?.[0]?.textContent;
  const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim().slice(0, 40);
  return {
    what: `${el.tagName.toLowerCase()} "${name}"`,
    onBody: false,
    onScreen:
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth,
    indicated,
    inDialog: el.closest('[role="dialog"]') !== null,
  };
}

/** The focused element is on screen and shows a focus indicator; `soft` records a failure and carries on. */
export async function expectFocusShown(page: Page, { soft = false } = {}): Promise<FocusReport> {
  const check = soft ? expect.soft : expect;
  let report = await page.evaluate(focusReport);
  // Rings fade in (transition-*): give one a moment to be drawn. Three seconds, not one: with e2e beside the other
  // suites on two cores a ring was once not drawn within 1 s (clean-clone run X; it was there on the retry).
  await expect
    .poll(async () => (report = await page.evaluate(focusReport)).indicated, { timeout: 3_000 })
    .toBe(true)
    .catch(() => undefined);
  check(report.onBody, 'something has focus').toBe(false);
  if (report.onBody) return report;
  check(report.onScreen, `${report.what} is on screen`).toBe(true);
  check(report.indicated, `${report.what} shows a focus indicator`).toBe(true);
  return report;
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop in the page that focus is shown.
 * Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { shift = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; !(await isFocused(target)); presses++) {
    expect(presses, `reached ${target.toString()} within ${max} Tab presses`).toBeLessThan(max);
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    // Past the last control Tab leaves the page for the browser's own controls (the page keeps no focus); the
    // next press comes back to its first.
    if (!(await page.evaluate(() => document.activeElement === document.body))) await expectFocusShown(page);
  }
}

/** Tab and Shift+Tab, `presses` times each, keep focus shown and inside `dialog`. */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 8): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const report = await expectFocusShown(page);
      expect(
        await dialog.evaluate((el) => el.contains(document.activeElement)),
        `${key} keeps focus in the dialog (it went to ${report.what})`,
      ).toBe(true);
    }
  }
}

/**
 * Presses Enter on `opener` (which has focus), checks the dialog it opens holds focus and keeps it on Tab, closes
 * it with `close` (Escape by default) and checks focus is back on the opener, shown.
 */
export async function openAndCloseDialog(
  page: Page,
  opener: Locator,
  dialog: Locator,
  close: (dialog: Locator) => Promise<void> = () => page.keyboard.press('Escape'),
): Promise<void> {
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, dialog);
  await close(dialog);
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expectFocusShown(page);
}
