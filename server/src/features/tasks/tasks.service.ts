import {
  dedupeKeys,
  duplicateWindowStart,
  planAllows,
  ALREADY_ON_LIST,
  skippedNames,
  skippedSentence,
  type PlanDefinition,
  type PlanId,
  type PlannedTask,
  type TaskListResponse,
  type TaskStatus,
} from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema.ts';
import type { QueuedTask, TaskQueue } from '../../queue/task-queue.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { taskPage } from './tasks-list.repo.ts';
import {
  insertSkippedActivity,
  insertTasks,
  lockTaskPlans,
  resumePlanPaused,
  tasksNotToRepeat,
} from './tasks.repo.ts';

/** A planned task left out because the same work is on the founder's list (rules/task-dedupe.ts). */
export interface SkippedTask {
  task: PlannedTask;
  existing: { id: string; description: string };
}

export interface StoredPlan {
  tasks: TaskRow[];
  /** Planned tasks already on the list, most important first (a repeat within the plan is merged silently). */
  skipped: SkippedTask[];
  /** The plan had new tasks but this month's task allowance had none left. */
  limitReached: boolean;
}

const REPEAT_REASON = `The same work is already on your list (${ALREADY_ON_LIST}).`;

const pairs = (skipped: SkippedTask[]) =>
  skipped.map((s) => ({ description: s.task.description, existing: s.existing.description }));
const skippedText = (skipped: SkippedTask[]) => skippedSentence(pairs(skipped));

/**
 * Stores an AI task plan inside the caller's transaction: the most important first, at most `max` new ones,
 * none that repeats work already on the list (open, or added in the duplicate window) or earlier in the plan,
 * and only as many as the month's task allowance still grants — skipped tasks use none of it. The skipped ones
 * are returned and named in the activity feed.
 */
export async function storePlan(
  tx: Db,
  usage: UsageService,
  userId: string,
  plan: PlanDefinition,
  planned: PlannedTask[],
  at: Date,
  max: number = planned.length,
): Promise<StoredPlan> {
  await lockTaskPlans(tx, userId);
  const listed = new Map<string, SkippedTask['existing'] | null>();
  for (const task of await tasksNotToRepeat(tx, userId, duplicateWindowStart(at))) {
    for (const key of dedupeKeys(task)) listed.set(key, { id: task.id, description: task.description });
  }
  const fresh: PlannedTask[] = [];
  const skipped: SkippedTask[] = [];
  for (const task of [...planned].sort((a, b) => b.priority - a.priority)) {
    if (fresh.length >= max) break;
    const keys = dedupeKeys(task);
    const match = keys.map((key) => listed.get(key)).find((m) => m !== undefined);
    if (match === undefined) {
      // null: the same work came earlier in this plan, not from the list.
      for (const key of keys) listed.set(key, null);
      fresh.push(task);
    } else if (match) {
      skipped.push({ task, existing: match });
    }
  }
  if (skipped.length) {
    await insertSkippedActivity(
      tx,
      userId,
      `Skipped ${skipped.length} duplicate task${skipped.length === 1 ? '' : 's'}`,
      skippedText(skipped),
      REPEAT_REASON,
      at,
    );
  }
  if (fresh.length === 0) return { tasks: [], skipped, limitReached: false };
  const granted = await usage.claimTasks(tx, userId, plan, fresh.length);
  return {
    tasks: await insertTasks(tx, userId, fresh.slice(0, granted), at),
    skipped,
    limitReached: granted === 0,
  };
}

/** What a stored plan says about its skipped tasks: the sentence naming them, or nothing. */
export const skippedNote = (stored: StoredPlan): string =>
  stored.skipped.length ? skippedText(stored.skipped) : '';

/** The chat notice that reports a stored plan to the founder; it never reports zero new tasks as created. */
export function planSummary(stored: StoredPlan): string {
  const n = stored.tasks.length;
  const skipped = skippedNote(stored);
  if (n > 0) {
    const created = `I've created ${n} new task${n === 1 ? '' : 's'} for you:\n${stored.tasks.map((t) => `- ${t.description} (priority ${t.priority})`).join('\n')}`;
    return skipped ? `${created}\n\n${skipped}` : created;
  }
  if (stored.limitReached) {
    const why =
      "You've used this month's task allowance, so I didn't add new tasks. Upgrade your plan to add more.";
    return skipped ? `${why} ${skipped}` : why;
  }
  // Everything was a repeat: name them once, not "already on your list" twice.
  return `I didn't add new tasks: everything in this plan is already on your list (${ALREADY_ON_LIST}): ${skippedNames(pairs(stored.skipped))}.`;
}

/**
 * The Work screen's task list and counts. `achieved` counts completed tasks that reached their goal: a completed
 * task whose result is a draft needing the founder's input is not one (a task done by hand is). The page and the
 * counts are one read (`taskPage`: one statement on PGlite, two sent together on Postgres).
 */
export async function taskList(
  db: Db,
  userId: string,
  status: TaskStatus | null,
  limit: number,
): Promise<TaskListResponse> {
  const { tasks: listed, counts } = await taskPage(db, userId, status, limit);
  const { byStatus, needsInput, usage } = counts;
  return {
    success: true,
    tasks: listed,
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    pending: byStatus.pending,
    in_progress: byStatus.in_progress,
    completed: byStatus.completed,
    paused: byStatus.paused_login_required,
    failed: byStatus.failed,
    achieved: byStatus.completed - needsInput,
    needs_input: needsInput,
    usage,
  };
}

/** Hands newly stored tasks to the queue, once their transaction has committed (a worker must see them). */
export async function runStored(queue: TaskQueue | null, stored: QueuedTask[]): Promise<void> {
  if (queue && stored.length) await queue.enqueue(stored.map(({ id, userId }) => ({ id, userId })));
}

/**
 * After a plan change (billing): investor research that paused below Builder runs now that the plan allows it.
 * Tasks waiting for a platform stay as they are.
 */
export async function resumeAfterUpgrade(
  db: Db,
  queue: TaskQueue | null,
  userId: string,
  plan: PlanId,
  at: Date,
): Promise<number> {
  if (!planAllows(plan, 'investorOutreach')) return 0;
  const resumed = await resumePlanPaused(db, userId, at);
  await runStored(queue, resumed);
  return resumed.length;
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { ownTask } from './tasks-list.repo.ts';
