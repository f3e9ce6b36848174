import * as z from 'zod/mini';
import { browser } from 'wxt/browser';

/** Extension pages ask the background to recount the badge after they learn fresher numbers. */
export const BadgeMessage = z.object({ type: z.literal('badge:refresh') });
export type BadgeMessage = z.infer<typeof BadgeMessage>;

/** Asks the background to refresh the badge; a sleeping or reloading worker is not worth an error. */
export function requestBadgeRefresh(): void {
  const message: BadgeMessage = { type: 'badge:refresh' };
  browser.runtime.sendMessage(message).catch(() => undefined);
}
