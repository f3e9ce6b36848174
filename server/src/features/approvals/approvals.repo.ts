import type { Approval, ApprovalPost } from '@cofounder/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { approvals, type ApprovalRow } from '../../db/schema.ts';

/** A founder's approvals with one status, newest first. */
export function approvalsOf(
  db: Db,
  userId: string,
  status: Approval['status'],
  limit: number,
): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(approvals)
    .where(and(eq(approvals.userId, userId), eq(approvals.status, status)))
    .orderBy(desc(approvals.createdAt), desc(approvals.id))
    .limit(limit);
}

/**
 * Decides a still-pending approval (an approved post is queued for publishing with the given post); null when it
 * was decided already, so two decisions can never both win.
 */
export async function decidePending(
  db: Db,
  id: string,
  approve: boolean,
  post: ApprovalPost,
  at: Date,
): Promise<ApprovalRow | null> {
  const [decided] = await db
    .update(approvals)
    .set({
      status: approve ? 'approved' : 'rejected',
      post,
      decidedAt: at,
      ...(approve ? { publishStatus: 'queued' as const, publishAttempts: 0 } : {}),
    })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
    .returning();
  return decided ?? null;
}
