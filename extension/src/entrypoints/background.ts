import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startBadge } from '../background/badge.ts';
import { startContextMenu } from '../background/context-menu.ts';
import { startHandoff } from '../background/handoff.ts';

// The service worker: the action badge (tasks waiting for the founder), the "Ask my co-founder" menu, and the
// dashboard's hand-off (sign in / sign out from an open dashboard tab).
// Each part registers its own listeners synchronously, as MV3 requires for events that wake the worker.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(({ reason }) => console.info(`Cofounder extension ${reason}`));
  startBadge();
  startContextMenu();
  startHandoff();
});
