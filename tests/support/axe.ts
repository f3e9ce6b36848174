import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@cofounder/shared';

/** Issues 9 and 26: the rules axe checks, WCAG 2.1 A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every page the test opens starts in this theme (stored as the theme selector stores it). */
export async function startInTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.theme,
    theme,
  ] as const);
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
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
