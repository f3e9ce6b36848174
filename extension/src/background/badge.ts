import { browser } from 'wxt/browser';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createApi, isUsableToken } from '@cofounder/shared';
import { AUTH_STORAGE_KEY } from '../lib/auth-storage.ts';
import { BadgeMessage } from '../lib/badge-message.ts';
import { loadServerUrl } from '../lib/server-url.ts';
import { createSupabase } from '../lib/supabase.ts';

const ALARM = 'badge-refresh';
// MV3 (Chrome) names it action; the MV2 Firefox build only has browserAction.
const action = browser.action ?? browser.browserAction;
const BADGE_COLOR = '#f59e0b';
// The worker must not hang on a server that accepts connections but never answers.
const REQUEST_TIMEOUT_MS = 8000;
const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

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
  const serverUrl = await loadServerUrl();
  const supabase = await supabaseFor(serverUrl);
  const session = (await supabase.auth.getSession()).data.session;
  if (!session) return 0;
  const api = createApi({
    baseUrl: serverUrl,
    fetch: fetchWithTimeout,
    getToken: async () => {
      const token = (await supabase.auth.getSession()).data.session?.access_token;
      return isUsableToken(token) ? token : null;
    },
  });
  const [tasks, approvals] = await Promise.all([api.tasks(session.user.id), api.approvals('pending')]);
  return tasks.paused + approvals.approvals.length;
}

// One client per server for the worker's lifetime: several clients on one storage key would race each other.
const clients = new Map<string, Promise<SupabaseClient>>();

/**
 * autoRefreshToken off: the worker sleeps between events, so supabase-js's refresh timer would not fire reliably;
 * getSession() still refreshes an expired session when the badge asks, and the pages refresh it while open.
 */
function supabaseFor(serverUrl: string): Promise<SupabaseClient> {
  let client = clients.get(serverUrl);
  if (!client) {
    client = createApi({ baseUrl: serverUrl, getToken: () => null, fetch: fetchWithTimeout })
      .config()
      .then((config) => createSupabase(serverUrl, config, { autoRefreshToken: false }));
    // A failed config read must be retried next time, not remembered.
    client.catch(() => clients.delete(serverUrl));
    clients.set(serverUrl, client);
  }
  return client;
}
