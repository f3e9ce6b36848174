import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@cofounder/shared';

/** Issues 9 and 26: the rules axe checks, WCAG 2.1 A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every page the test opens starts in this theme (stored as the theme selector stores it). */
export async function startInTheme(page: Page, theme: 'dark' | 'light' | 'system'): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.theme,
    theme,
  ] as const);
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe-core run in the page itself, injected once per document: a dialog or a theme switch on the same page is
 * checked without injecting it again. (@axe-core/playwright injected it afresh for every check and finished each run
 * in a new blank page: about 1.5 s a check against 0.2–0.6 s here, measured on the dashboard; its cross-origin frame
 * support is not needed, the product has no such frames.)
 */
async function runAxe(page: Page): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(
    (values) => window.axe!.run(document, { runOnly: { type: 'tag', values } }).then((r) => r.violations),
    WCAG_TAGS,
  );
}

/**
 * Every WCAG 2.1 AA violation on the page, named with `where`. Colours are read once the page has settled: a
 * button still in its colour transition (the plans' buttons change once pricing loads) has in-between colours (a
 * contrast failure seen once on /pricing).
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const violations = await runAxe(page);
  // Each node with what axe measured (for a contrast: both colours and the ratio), so a failure says what to fix.
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => `${n.target.join(' ')} [${n.any[0]?.message ?? n.failureSummary}]`).join(', ')}`,
  );
}

/**
 * axeViolations in the dark theme, then in the light one, without leaving the page (an open dialog stays open): the
 * page must have started in the "system" theme (startInTheme), which follows the OS's colour scheme live, and the
 * scheme is switched as an OS switches it.
 */
export async function axeInBothThemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    found.push(...(await axeViolations(page, `${where} (${scheme})`)));
  }
  return found;
}
