import { expect, type Page } from '@playwright/test';
import { whenClosed } from '../support/windows.ts';

/** Connects a platform through the OAuth popup on the Connections screen; answers the resumed-tasks toast count. */
export async function connect(page: Page, platform: 'twitter' | 'reddit', name: string): Promise<number> {
  const card = page.getByTestId(`connection-${platform}`);
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Connect' }).click();
  await whenClosed(await popup);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  const toast = page.getByText(new RegExp(`^${name} connected, (\\d+) paused task\\(s\\) resumed$`));
  // The toast only comes when something resumed; it lasts 4 s.
  const shown = await toast.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return 0;
  return Number((await toast.textContent())!.match(/(\d+) paused/)![1]);
}
