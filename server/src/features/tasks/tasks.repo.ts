import { and, eq, gte, ne, or, sql } from 'drizzle-orm';
import { AGENT_CATEGORY, type PlannedTask } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { activities, tasks, type TaskRow } from '../../db/schema.ts';

/**
 * Serialises storing plans for one user until the caller's transaction ends, across server processes on
 * PostgreSQL (PGlite runs one transaction at a time anyway): a second plan then reads the tasks the first stored,
 * so racing plans cannot add the same work.
 */
export async function lockTaskPlans(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`task_plans:${userId}`}))`);
}

/** Tasks a new plan must not repeat: every open one (not completed; a failed one waits for a retry) and any added since `since`. */
export function tasksNotToRepeat(db: Db, userId: string, since: Date): Promise<Pick<TaskRow, 'id' | 'description' | 'agent'>[]> {
  return db
    .select({ id: tasks.id, description: tasks.description, agent: tasks.agent })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), or(ne(tasks.status, 'completed'), gte(tasks.createdAt, since))));
}

/** The Work screen's activity feed names the planned tasks left out as duplicates. */
export async function insertSkippedActivity(db: Db, userId: string, title: string, content: string, reasoning: string, at: Date): Promise<void> {
  await db.insert(activities).values({ userId, platform: 'cofounder', title, content, reasoning, createdAt: at });
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

/** Moves the founder's investor research tasks that paused for a plan (no platforms) back to pending; returns them. */
export async function resumePlanPaused(db: Db, userId: string, at: Date): Promise<{ id: string; userId: string }[]> {
  return db
    .update(tasks)
    .set({ status: 'pending', pauseReason: null, updatedAt: at })
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, 'paused_login_required'),
        eq(tasks.agent, 'investor_outreach_agent'),
        sql`jsonb_array_length(${tasks.requiredPlatforms}) = 0`,
      ),
    )
    .returning({ id: tasks.id, userId: tasks.userId });
}
