import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';

// Deliberately empty for now: the service worker is how tooling (Playwright) finds the extension id,
// and where session refresh will live.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(({ reason }) => console.info(`Cofounder extension ${reason}`));
});
