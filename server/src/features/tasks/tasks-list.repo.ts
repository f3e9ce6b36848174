import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ListedTask, Task, TaskResult, TaskStatus } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { taskResults, tasks, type TaskResultRow, type TaskRow } from '../../db/schema.ts';
import { isUuid } from '../../db/ids.ts';

export const toTask = (t: TaskRow): Task => ({
  id: t.id,
  description: t.description,
  priority: t.priority,
  status: t.status,
  agent: t.agent,
  category: t.category,
  requiredPlatforms: t.requiredPlatforms,
  pauseReason: t.pauseReason,
  createdAt: t.createdAt.toISOString(),
  vmId: t.vmId,
});

export const toTaskResult = (r: TaskResultRow): TaskResult => ({
  taskId: r.taskId,
  summary: r.summary,
  content: r.content,
  data: r.data ?? null,
  tokens: r.tokens,
  costUsd: Number(r.costUsd),
  priceKnown: r.priceKnown,
  completedAt: r.completedAt.toISOString(),
  producedBy: r.producedBy,
  outcome: r.outcome,
});

/** The newest tasks first, one status or all, at most `limit`, each with its result's outcome (if any). */
export async function listTasks(
  db: Db,
  userId: string,
  status: TaskStatus | null,
  limit: number,
): Promise<ListedTask[]> {
  const rows = await db
    .select({ task: tasks, outcome: taskResults.outcome })
    .from(tasks)
    .leftJoin(taskResults, eq(taskResults.taskId, tasks.id))
    .where(status ? and(eq(tasks.userId, userId), eq(tasks.status, status)) : eq(tasks.userId, userId))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit);
  return rows.map((r) => ({ ...toTask(r.task), outcome: r.outcome }));
}

export interface TaskCounts {
  byStatus: Record<TaskStatus, number>;
  /** Completed tasks whose result is a draft waiting for the founder's input. */
  needsInput: number;
  /** Tokens and estimated cost summed over the user's task results, and how many had no known price. */
  usage: { tokens: number; costUsd: number; unpricedTasks: number };
}

/**
 * Tasks per status and result outcome, with their results' usage, in one GROUP BY (the list itself is capped; the
 * counts are not): one scan of the founder's tasks instead of two, as the list's counts wait on it (issue 27).
 */
export async function countTasks(db: Db, userId: string): Promise<TaskCounts> {
  const rows = await db
    .select({
      status: tasks.status,
      outcome: taskResults.outcome,
      n: sql<number>`count(*)::int`,
      // Totals over every group (a window over the grouped rows), summed in SQL: numeric cost stays exact.
      tokens: sql<string>`coalesce(sum(sum(${taskResults.tokens})) over (), 0)`,
      cost: sql<string>`coalesce(sum(sum(${taskResults.costUsd})) over (), 0)`,
      unpriced: sql<string>`sum(count(*) filter (where not ${taskResults.priceKnown})) over ()`,
    })
    .from(tasks)
    .leftJoin(taskResults, eq(taskResults.taskId, tasks.id))
    .where(eq(tasks.userId, userId))
    .groupBy(tasks.status, taskResults.outcome);
  const byStatus: Record<TaskStatus, number> = {
    pending: 0,
    in_progress: 0,
    completed: 0,
    failed: 0,
    paused_login_required: 0,
  };
  let needsInput = 0;
  for (const r of rows) {
    byStatus[r.status] += Number(r.n);
    if (r.status === 'completed' && r.outcome === 'needs_input') needsInput += Number(r.n);
  }
  const [totals] = rows;
  const usage = { tokens: Number(totals?.tokens ?? 0), costUsd: Number(totals?.cost ?? 0), unpricedTasks: Number(totals?.unpriced ?? 0) };
  return { byStatus, needsInput, usage };
}

/** One of the user's tasks (another user's task is simply not found). */
export async function ownTask(db: Db, userId: string, taskId: string): Promise<TaskRow | null> {
  if (!isUuid(taskId)) return null;
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return row ?? null;
}

export async function resultOf(db: Db, taskId: string): Promise<TaskResultRow | null> {
  const [row] = await db.select().from(taskResults).where(eq(taskResults.taskId, taskId));
  return row ?? null;
}

/** Changes a task if it is still in `from` (a worker may have moved it meanwhile). */
export async function updateTask(
  db: Db,
  taskId: string,
  from: TaskStatus,
  change: Partial<Pick<TaskRow, 'description' | 'priority' | 'status' | 'lastError' | 'vmId'>>,
  at: Date,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({ ...change, updatedAt: at })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, from)))
    .returning();
  return row ?? null;
}

export function failedTasks(db: Db, userId: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'failed')));
}

/** Moves failed tasks to `status` in one statement; returns the ids moved. */
export async function moveFailed(
  db: Db,
  ids: string[],
  change: Pick<TaskRow, 'status'> & Partial<Pick<TaskRow, 'pauseReason' | 'requiredPlatforms'>>,
  at: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(tasks)
    .set({ ...change, updatedAt: at })
    .where(and(inArray(tasks.id, ids), eq(tasks.status, 'failed')))
    .returning({ id: tasks.id });
  return rows.map((r) => r.id);
}
