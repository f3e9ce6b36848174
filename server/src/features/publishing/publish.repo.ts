import { ACTIVITY_OUTCOMES, PLATFORM_NAMES } from '@cofounder/shared';
import { and, count, eq, gt, inArray, min, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { activities, approvals, type ApprovalRow } from '../../db/schema.ts';
import type { SocialPlatform } from '../../providers/social/port.ts';
import type { QueuedApproval } from '../../queue/publish-queue.ts';

/** The activity a publish outcome leaves on the Work screen: the post's words under a title, link and outcome. */
function postActivity(approval: ApprovalRow, what: { title: string; link: string | null; outcome: string; at: Date }) {
  const { post } = approval;
  return {
    userId: approval.userId,
    taskId: approval.taskId,
    platform: post.platform,
    title: what.title,
    content: post.platform === 'twitter' ? post.text : post.body,
    subreddit: post.platform === 'reddit' ? post.subreddit : null,
    link: what.link,
    outcome: what.outcome,
    createdAt: what.at,
  };
}

const queuedOf = (rows: { id: string; userId: string }[]): QueuedApproval[] =>
  rows.map((r) => ({ approvalId: r.id, userId: r.userId }));

export async function approvalById(db: Db, id: string): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
  return row ?? null;
}

/** Every approval waiting for a publish job, with the seconds until its next try (restart re-queues them). */
export async function queuedApprovals(db: Db, at: Date): Promise<(QueuedApproval & { startAfterSeconds: number })[]> {
  const rows = await db
    .select({ id: approvals.id, userId: approvals.userId, next: approvals.publishNextAttemptAt })
    .from(approvals)
    .where(and(eq(approvals.status, 'approved'), eq(approvals.publishStatus, 'queued')));
  return rows.map((r) => ({
    approvalId: r.id,
    userId: r.userId,
    startAfterSeconds: r.next ? Math.max(0, (r.next.getTime() - at.getTime()) / 1000) : 0,
  }));
}

/** Changes a queued approval's publish columns; a row that left 'queued' meanwhile is not touched. */
async function updateQueued(db: Db, id: string, set: PgUpdateSetSource<typeof approvals>): Promise<void> {
  await db
    .update(approvals)
    .set(set)
    .where(and(eq(approvals.id, id), eq(approvals.publishStatus, 'queued')));
}

export const markWaitingConnection = (db: Db, id: string) =>
  updateQueued(db, id, { publishStatus: 'waiting_connection', publishNextAttemptAt: null });

export const markNextAttempt = (db: Db, id: string, next: Date, error: string | null = null) =>
  updateQueued(db, id, { publishNextAttemptAt: next, ...(error ? { publishError: error } : {}) });

export const countAttempt = (db: Db, id: string) =>
  updateQueued(db, id, { publishAttempts: sql`${approvals.publishAttempts} + 1` });

/** The post is out: the approval keeps the link, and the founder's activities show it. */
export async function markPublished(db: Db, approval: ApprovalRow, link: string, at: Date): Promise<void> {
  const post = approval.post;
  await db.transaction(async (tx) => {
    await tx
      .update(approvals)
      .set({ publishStatus: 'published', publishLink: link, publishError: null, publishNextAttemptAt: null, publishedAt: at })
      .where(eq(approvals.id, approval.id));
    const title = post.platform === 'twitter' ? 'Posted on X' : post.title;
    await tx.insert(activities).values(postActivity(approval, { title, link, outcome: ACTIVITY_OUTCOMES.published, at }));
  });
}

/** The post will not go out without the founder: the approval keeps the reason, and so do their activities. */
export async function markFailed(db: Db, approval: ApprovalRow, reason: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(approvals)
      .set({ publishStatus: 'failed', publishError: reason, publishNextAttemptAt: null })
      .where(eq(approvals.id, approval.id));
    await tx.insert(activities).values(
      postActivity(approval, {
        title: `${PLATFORM_NAMES[approval.post.platform]} post failed`,
        link: null,
        outcome: `${ACTIVITY_OUTCOMES.failedPrefix}${reason}`,
        at,
      }),
    );
  });
}

/** The founder's posts on a platform published after `since`: how many, and the oldest one's time. */
export async function publishedSince(
  db: Db,
  userId: string,
  platform: SocialPlatform,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(approvals.publishedAt) })
    .from(approvals)
    .where(
      and(
        eq(approvals.userId, userId),
        gt(approvals.publishedAt, since),
        sql`${approvals.post}->>'platform' = ${platform}`,
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** The founder's retry: a failed or connection-waiting approved post is queued again with a fresh count. */
export async function requeueForRetry(db: Db, id: string, userId: string): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set({ publishStatus: 'queued', publishAttempts: 0, publishError: null, publishNextAttemptAt: null })
    .where(
      and(
        eq(approvals.id, id),
        eq(approvals.userId, userId),
        eq(approvals.status, 'approved'),
        inArray(approvals.publishStatus, ['failed', 'waiting_connection']),
      ),
    )
    .returning();
  return row ?? null;
}

/** A platform was connected: the founder's posts waiting for it are queued again. */
export async function requeueWaitingConnection(
  db: Db,
  userId: string,
  platforms: Iterable<string>,
): Promise<QueuedApproval[]> {
  const list = [...platforms];
  if (!list.length) return [];
  const rows = await db
    .update(approvals)
    .set({ publishStatus: 'queued', publishNextAttemptAt: null })
    .where(
      and(
        eq(approvals.userId, userId),
        eq(approvals.publishStatus, 'waiting_connection'),
        or(...list.map((p) => sql`${approvals.post}->>'platform' = ${p}`)),
      ),
    )
    .returning({ id: approvals.id, userId: approvals.userId });
  return queuedOf(rows);
}
