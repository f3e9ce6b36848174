import { and, eq, sql } from 'drizzle-orm';
import { outcomeOf } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { activities, approvals, taskResults, tasks, type TaskRow } from '../../db/schema.ts';
import type { QueuedApproval } from '../../queue/publish-queue.ts';
import type { AgentOutcome } from '../agents/agent.ts';
import { agentsRunningCondition } from '../agent-controls/agent-controls.service.ts';
import { postingSettingsOf } from '../publishing/publish.service.ts';

export type Claim = { kind: 'claimed'; task: TaskRow } | { kind: 'busy' } | { kind: 'skipped' };

/**
 * Takes a task for a job: pending → in_progress while the founder has fewer than `limit` tasks in progress,
 * or back again for the same job (its lease expired and pg-boss handed it over); never while the founder has
 * stopped the agents (the job comes back later). A per-user advisory lock makes count-and-take one step across
 * processes.
 */
export function claimTask(db: Db, taskId: string, jobId: string, limit: number, at: Date): Promise<Claim> {
  return db.transaction(async (tx) => {
    // The owner and their lock in one round trip; the count below runs in a later statement, so its snapshot
    // sees every claim committed before the lock was granted.
    const [owner] = await tx
      .select({ userId: tasks.userId, locked: sql`pg_advisory_xact_lock(hashtext(${tasks.userId}::text))` })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    if (!owner) return { kind: 'skipped' };
    const [task] = await tx
      .update(tasks)
      .set({ status: 'in_progress', jobId, attempts: sql`${tasks.attempts} + 1`, updatedAt: at })
      .where(
        and(
          eq(tasks.id, taskId),
          sql`((${tasks.status} = 'pending' and (select count(*) from tasks t where t.user_id = ${owner.userId} and t.status = 'in_progress') < ${limit})
            or (${tasks.status} = 'in_progress' and ${tasks.jobId} = ${jobId}))`,
          agentsRunningCondition(owner.userId),
        ),
      )
      .returning();
    if (task) return { kind: 'claimed', task };
    const [now] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    return now?.status === 'pending' ? { kind: 'busy' } : { kind: 'skipped' };
  });
}

/**
 * Stores what the agent produced and finishes the task (completed, or paused until a platform is connected).
 * Drafts replace the task's still-pending ones (a resumed task drafts again). A founder who turned "Approve
 * before posting" off gets them approved at once; those are returned for the publish queue. The result, its
 * activities and drafts record `producedBy` (the model, or 'offline'); offline work is a draft that needs input.
 */
export async function finishTask(
  db: Db,
  task: TaskRow,
  jobId: string,
  outcome: AgentOutcome,
  producedBy: string,
  at: Date,
): Promise<QueuedApproval[]> {
  return db.transaction(async (tx) => {
    const result = {
      summary: outcome.summary,
      content: outcome.content,
      data: outcome.data,
      tokens: outcome.usage.tokens,
      costUsd: outcome.usage.costUsd,
      priceKnown: outcome.usage.priceUnknown !== true,
      producedBy,
      outcome: outcomeOf(producedBy),
      completedAt: at,
    };
    await tx
      .insert(taskResults)
      .values({ taskId: task.id, ...result })
      .onConflictDoUpdate({ target: taskResults.taskId, set: result });
    if (outcome.activities.length) {
      await tx.insert(activities).values(
        outcome.activities.map((a) => ({
          ...a,
          userId: task.userId,
          taskId: task.id,
          link: null,
          producedBy,
          createdAt: at,
        })),
      );
    }
    await outcome.persist?.(tx, at);
    const autoApproved = outcome.approvals?.length ? await storeDrafts(tx, task, outcome, producedBy, at) : [];
    await tx
      .update(tasks)
      .set(
        outcome.pause
          ? {
              status: 'paused_login_required',
              requiredPlatforms: outcome.pause.platforms,
              pauseReason: outcome.pause.reason,
              jobId: null,
              lastError: null,
              updatedAt: at,
            }
          : { status: 'completed', jobId: null, lastError: null, pauseReason: null, updatedAt: at },
      )
      .where(and(eq(tasks.id, task.id), eq(tasks.jobId, jobId)));
    return autoApproved;
  });
}

async function storeDrafts(
  tx: Db,
  task: TaskRow,
  outcome: AgentOutcome,
  producedBy: string,
  at: Date,
): Promise<QueuedApproval[]> {
  await tx.delete(approvals).where(and(eq(approvals.taskId, task.id), eq(approvals.status, 'pending')));
  const { approveBeforePosting } = await postingSettingsOf(tx, task.userId);
  // Without approval, a task paused for login keeps its drafts in its result only: the resumed run drafts
  // again and publishes those, so a post never goes out twice.
  if (!approveBeforePosting && outcome.pause) return [];
  // A platform the founder already approved a post of for this task (before a resume) gets no second draft.
  const decided = await tx
    .select({ post: approvals.post })
    .from(approvals)
    .where(and(eq(approvals.taskId, task.id), eq(approvals.status, 'approved')));
  const done = new Set(decided.map((d) => d.post.platform));
  const drafts = (outcome.approvals ?? []).filter((post) => !done.has(post.platform));
  if (!drafts.length) return [];
  const rows = await tx
    .insert(approvals)
    .values(
      drafts.map((post) => ({
        userId: task.userId,
        taskId: task.id,
        kind: 'marketing_post' as const,
        post,
        producedBy,
        createdAt: at,
        ...(approveBeforePosting ? {} : { status: 'approved' as const, decidedAt: at, publishStatus: 'queued' as const }),
      })),
    )
    .returning({ id: approvals.id, userId: approvals.userId });
  return approveBeforePosting ? [] : rows.map((r) => ({ approvalId: r.id, userId: r.userId }));
}

/** A failed run: back to pending for the job's next attempt, or failed with the error after the last one. */
export async function failTask(
  db: Db,
  taskId: string,
  jobId: string,
  error: string,
  final: boolean,
  at: Date,
): Promise<void> {
  await db
    .update(tasks)
    .set({
      status: final ? 'failed' : 'pending',
      lastError: error.slice(0, 1000),
      updatedAt: at,
      ...(final ? { jobId: null } : {}),
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.jobId, jobId), eq(tasks.status, 'in_progress')));
}
