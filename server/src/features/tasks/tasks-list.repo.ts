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
}

/** Tasks per status and result outcome in one GROUP BY (the list itself is capped; the counts are not). */
export async function countTasks(db: Db, userId: string): Promise<TaskCounts> {
  const rows = await db
    .select({ status: tasks.status, outcome: taskResults.outcome, n: sql<number>`count(*)::int` })
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
  return { byStatus, needsInput };
}

/** Tokens and estimated cost summed over the user's task results, and how many had no known price. */
export async function usageOfTasks(db: Db, userId: string): Promise<{ tokens: number; costUsd: number; unpricedTasks: number }> {
  const [row] = await db
    .select({
      tokens: sql<string>`coalesce(sum(${taskResults.tokens}), 0)`,
      cost: sql<string>`coalesce(sum(${taskResults.costUsd}), 0)`,
      unpriced: sql<string>`count(*) filter (where not ${taskResults.priceKnown})`,
    })
    .from(taskResults)
    .innerJoin(tasks, eq(tasks.id, taskResults.taskId))
    .where(eq(tasks.userId, userId));
  return { tokens: Number(row?.tokens ?? 0), costUsd: Number(row?.cost ?? 0), unpricedTasks: Number(row?.unpriced ?? 0) };
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
