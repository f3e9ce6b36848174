import { SKIP_LINK_TEXT } from '@cofounder/shared';
import { expect, test } from '../support/test.ts';
import { signInNewFounder } from '../pages/dashboard.ts';
import { ROUTE_META, SIGNED_IN_TITLES } from '../../web/src/features/meta/route-meta.ts';

// Issue 26: a keyboard user skips the navigation, each page has its own title and says so after a navigation,
// and the mobile drawer is modal.

test('the skip link is the first Tab stop on /login and /register and moves focus to the main area', async ({
  page,
}) => {
  for (const [path, title] of [
    ['/login', ROUTE_META.login.title],
    ['/register', ROUTE_META.register.title],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: SKIP_LINK_TEXT });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  }
});

test('dashboard pages are titled, announced after a navigation, and skippable from the keyboard', async ({ page }) => {
  await signInNewFounder(page);
  await expect(page).toHaveTitle(SIGNED_IN_TITLES['/dashboard/chat']!);
  // The chat focuses its composer; from a fresh load of another page the first Tab starts at the top.
  await page.goto('/dashboard/work');
  await expect(page).toHaveTitle(SIGNED_IN_TITLES['/dashboard/work']!);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: SKIP_LINK_TEXT })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const path of ['/dashboard/settings', '/dashboard/approvals', '/dashboard/chat'] as const) {
    await nav.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveTitle(SIGNED_IN_TITLES[path]!);
    await expect(page.getByTestId('route-announcer')).toHaveText(SIGNED_IN_TITLES[path]!);
    await expect(page.getByRole('main')).toBeFocused();
  }
});

test('at 390 px the drawer traps focus, Escape closes it and focus returns to the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInNewFounder(page);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toHaveAttribute('aria-modal', 'true');

  // However far a keyboard user goes, forwards or back, focus stays in the drawer.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(menu).toBeFocused();
});
