import { expect, type Page } from '@playwright/test';

/** The chat composer's textarea. */
export const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The conversation log (the thread). */
export const chatLog = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/**
 * Types a message and sends it with Enter, as a user does: once the send button is enabled (it stays disabled
 * while the history loads, and Enter then sends nothing — a panel opened a moment ago is often still loading).
 */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await chatInput(page).fill(text);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await chatInput(page).press('Enter');
  await expect(chatInput(page)).toHaveValue('');
}

/**
 * Starts recording whether the chat header ever said "Typing...": with the local co-founder a reply can take
 * only milliseconds, too short to catch by polling, so a MutationObserver in the page remembers it.
 */
export async function watchForTyping(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { sawTyping: boolean };
    w.sawTyping = false;
    const check = () => {
      if (document.body.innerText.includes('Typing...')) w.sawTyping = true;
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { sawTyping: boolean }).sawTyping);
}
