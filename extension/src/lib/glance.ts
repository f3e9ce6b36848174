import { browser } from 'wxt/browser';
import type { TaskListResponse, UsageReply } from '@cofounder/shared';
import type { TaskCountKey } from '../../../shared/src/ui/tasks/task-count-labels.ts';

/** The task counts the popup shows (the task list's counts per status; paused = paused_login_required). */
export type TaskCounts = Pick<TaskListResponse, TaskCountKey>;

/** The last counts and usage the popup saw, painted at once the next time it opens. */
export interface Glance {
  counts: TaskCounts;
  /** Null when the usage call failed and no earlier reply was kept. */
  usage: UsageReply | null;
  /**
   * Completed tasks whose result is the offline co-founder's draft, waiting for the founder's input (the list's
   * needs_input). Absent from glances saved before the popup counted them: read as none.
   */
  offlineDrafts?: number;
  savedAt: number;
}

/** The glance of a fresh task list; the usage reply is the caller's (the fresh one, or the one kept). */
export function glanceFrom(tasks: TaskListResponse, usage: UsageReply | null, savedAt: number): Glance {
  const { total, pending, in_progress, completed, paused, failed, needs_input } = tasks;
  return {
    counts: { total, pending, in_progress, completed, paused, failed },
    usage,
    offlineDrafts: needs_input,
    savedAt,
  };
}

// Type-only imports above: this file is on the popup's first paint, which must not load zod or supabase-js.
const keyFor = (serverUrl: string, userId: string) => `glance:${serverUrl}:${userId}`;

/** The cached glance of this user on this server, or null. */
export async function readGlance(serverUrl: string, userId: string): Promise<Glance | null> {
  return glanceIn(await browser.storage.local.get(keyFor(serverUrl, userId)), serverUrl, userId);
}

/** The cached glance of this user on this server among items read from extension storage, or null. */
export function glanceIn(items: Record<string, unknown>, serverUrl: string, userId: string): Glance | null {
  const value = items[keyFor(serverUrl, userId)];
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
