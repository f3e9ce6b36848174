import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startBadge } from '../background/badge.ts';
import { startContextMenu } from '../background/context-menu.ts';
import { startHandoff } from '../background/handoff.ts';
import { startOAuthCapture } from '../background/oauth-capture.ts';
import { startQuickVoice } from '../background/quick-voice.ts';
import { startApiRelay } from '../background/api-relay.ts';
import { startSessionService } from '../background/session-service.ts';

// The service worker: the action badge (tasks waiting for the founder), the "Ask my co-founder" menu, and the
// dashboard's hand-off (sign in / sign out from an open dashboard tab), quick voice-to-text, and connecting X or
// Reddit from the extension; and the extension pages' session (the popup asks the worker for its token).
// Each part registers its own listeners synchronously, as MV3 requires for events that wake the worker.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(({ reason }) => console.info(`Cofounder extension ${reason}`));
  startBadge();
  startContextMenu();
  startHandoff();
  startQuickVoice();
  startOAuthCapture();
  startSessionService();
  startApiRelay();
});
