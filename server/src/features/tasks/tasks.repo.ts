import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { AGENT_CATEGORY, type PlannedTask } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { tasks, type TaskRow } from '../../db/schema.ts';

/** Tasks not yet completed, most important first (ties: oldest first). */
export function openTasks(db: Db, userId: string, max = 20): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), ne(tasks.status, 'completed')))
    .orderBy(desc(tasks.priority), asc(tasks.createdAt))
    .limit(max);
}

/** Stores planned tasks as pending, each in its agent's work area. */
export async function insertTasks(
  db: Db,
  userId: string,
  planned: PlannedTask[],
  at: Date,
): Promise<TaskRow[]> {
  if (planned.length === 0) return [];
  return db
    .insert(tasks)
    .values(
      planned.map((t) => ({
        userId,
        description: t.description,
        priority: t.priority,
        agent: t.agent,
        category: AGENT_CATEGORY[t.agent],
        requiredPlatforms: [...new Set(t.requiredPlatforms)],
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning();
}

/** Every pending task: queued again at start-up in case one was stored while no worker ran (queueing is idempotent). */
export async function pendingTasks(db: Db): Promise<{ id: string; userId: string }[]> {
  return db.select({ id: tasks.id, userId: tasks.userId }).from(tasks).where(eq(tasks.status, 'pending'));
}
