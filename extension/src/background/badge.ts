import { browser } from 'wxt/browser';
import { AUTH_STORAGE_KEY } from '../lib/auth-storage.ts';
import { BadgeMessage } from '../lib/badge-message.ts';
import { loadServerUrl } from '../lib/server-url.ts';
import { workerSession } from './worker-session.ts';

const ALARM = 'badge-refresh';
// MV3 (Chrome) names it action; the MV2 Firefox build only has browserAction.
const action = browser.action ?? browser.browserAction;
/** The count's colour (quick voice's outcome cues use their own, per tab). */
export const BADGE_COLOR = '#f59e0b';

/**
 * The action badge: the number of tasks waiting for the founder (paused for a login, or drafts awaiting approval).
 * Refreshed every minute, at start-up, when the session or server changes, and when an extension page asks.
 * Every listener is registered synchronously: MV3 only delivers the events that woke the worker to those.
 */
export function startBadge(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void refreshBadge();
  });
  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    // Only our own pages may ask, and only in the one shape we know.
    if (sender.id !== browser.runtime.id || !BadgeMessage.safeParse(message).success) return;
    void refreshBadge();
  });
  browser.storage.onChanged.addListener((changes, area) => {
    // Sign-in, sign-out and a new server change what the badge should say.
    if (
      area === 'local' &&
      Object.keys(changes).some((k) => k === 'serverUrl' || k.startsWith(AUTH_STORAGE_KEY))
    ) {
      void refreshBadge();
    }
  });
  void browser.alarms.get(ALARM).then((alarm) => {
    if (!alarm) void browser.alarms.create(ALARM, { periodInMinutes: 1 });
  });
  void action.setBadgeBackgroundColor({ color: BADGE_COLOR });
  void refreshBadge();
}

let latest = 0;

/** Counts what waits for the founder and shows it; signed out or unreachable clears the badge. */
async function refreshBadge(): Promise<void> {
  const run = ++latest;
  const count = await countWaiting().catch(() => 0);
  // Overlapping refreshes (alarm + message) must not let an older answer overwrite a newer one.
  if (run !== latest) return;
  await action.setBadgeText({ text: count > 0 ? String(count) : '' });
}

async function countWaiting(): Promise<number> {
  const session = await workerSession(await loadServerUrl());
  if (!session) return 0;
  const [tasks, approvals] = await Promise.all([session.api.tasks(session.userId), session.api.approvals('pending')]);
  return tasks.paused + approvals.approvals.length;
}
