import { browser } from 'wxt/browser';
import type { TaskListResponse, UsageReply } from '@cofounder/shared';

/** The task counts the popup shows (the task list's counts per status; paused = paused_login_required). */
export type TaskCounts = Pick<
  TaskListResponse,
  'total' | 'pending' | 'in_progress' | 'completed' | 'paused' | 'failed'
>;

/** The last counts and usage the popup saw, painted at once the next time it opens. */
export interface Glance {
  counts: TaskCounts;
  /** Null when the usage call failed and no earlier reply was kept. */
  usage: UsageReply | null;
  savedAt: number;
}

// Type-only imports above: this file is on the popup's first paint, which must not load zod or supabase-js.
const keyFor = (serverUrl: string, userId: string) => `glance:${serverUrl}:${userId}`;

/** The cached glance of this user on this server, or null. */
export async function readGlance(serverUrl: string, userId: string): Promise<Glance | null> {
  const key = keyFor(serverUrl, userId);
  const value: unknown = (await browser.storage.local.get(key))[key];
  return isGlance(value) ? value : null;
}

export async function saveGlance(serverUrl: string, userId: string, glance: Glance): Promise<void> {
  await browser.storage.local.set({ [keyFor(serverUrl, userId)]: glance });
}

/** A shape check without zod: the cache is our own writing, but an older version may have left another shape. */
function isGlance(value: unknown): value is Glance {
  if (typeof value !== 'object' || value === null) return false;
  const { counts, savedAt } = value as Partial<Glance>;
  return (
    typeof savedAt === 'number' &&
    typeof counts === 'object' &&
    counts !== null &&
    typeof counts.total === 'number'
  );
}
