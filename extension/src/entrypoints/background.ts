import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startBadge } from '../background/badge.ts';
import { startContextMenu } from '../background/context-menu.ts';

// The service worker: the action badge (tasks waiting for the founder) and the "Ask my co-founder" menu.
// Each part registers its own listeners synchronously, as MV3 requires for events that wake the worker.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(({ reason }) => console.info(`Cofounder extension ${reason}`));
  startBadge();
  startContextMenu();
});
