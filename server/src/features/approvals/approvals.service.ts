import type { Approval, ApprovalsResponse, DecideApprovalBody } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import type { ApprovalRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { PublishScheduler } from '../../queue/publish-queue.ts';
import { pendingConfirmations } from '../computer-use/computer-use.service.ts';
import { approvalById, requeueForRetry } from '../publishing/publish.service.ts';
import { approvalsOf, decidePending } from './approvals.repo.ts';
import { requireOwned } from '../../http/access.ts';

const INBOX_LIMIT = 200;

const toApproval = (a: ApprovalRow): Approval => ({
  id: a.id,
  kind: a.kind,
  status: a.status,
  taskId: a.taskId,
  post: a.post,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
  publish: a.publishStatus
    ? {
        status: a.publishStatus,
        link: a.publishLink,
        error: a.publishError,
        attempts: a.publishAttempts,
        nextAttemptAt: a.publishNextAttemptAt?.toISOString() ?? null,
        publishedAt: a.publishedAt?.toISOString() ?? null,
      }
    : null,
  producedBy: a.producedBy,
});

/**
 * The approvals inbox. An approved post (with the founder's edit) is queued for the publish worker; with no
 * worker in this process (`publisher` null) it stays queued until one starts. A failed or connection-waiting
 * post can be queued again by its founder.
 */
export function approvalsService(db: Db, publisher: PublishScheduler | null, now: () => number) {
  /** The caller's approval, or 404 (another founder's id looks the same as a missing one). */
  async function ownApproval(id: string, userId: string): Promise<ApprovalRow> {
    return requireOwned(isUuid(id) ? await approvalById(db, id) : null, userId, 'Approval not found');
  }

  const enqueue = async (row: ApprovalRow) => {
    await publisher?.enqueue([{ approvalId: row.id, userId: row.userId }]);
  };

  return {
    async list(userId: string, status: Approval['status']): Promise<ApprovalsResponse> {
      // Sensitive computer actions wait for the founder here too (issue 12 §3); they are answered through
      // POST /api/computer-use/confirm/{vmId} and are always pending, so only the pending tab lists them.
      // Both reads go out together: one round trip's wait on Postgres.
      const [rows, computerActions] = await Promise.all([
        approvalsOf(db, userId, status, INBOX_LIMIT),
        status === 'pending' ? pendingConfirmations(db, userId) : [],
      ]);
      return { success: true, approvals: rows.map(toApproval), computerActions };
    },

    async decide(id: string, userId: string, { decision, edited }: DecideApprovalBody): Promise<Approval> {
      const row = await ownApproval(id, userId);
      if (edited && (decision === 'reject' || edited.platform !== row.post.platform)) {
        throw new AppError(
          'validation_failed',
          'edited: An edit must approve a post of the same platform',
          'edited',
        );
      }
      const decided = await decidePending(
        db,
        row.id,
        decision === 'approve',
        edited ?? row.post,
        new Date(now()),
      );
      if (!decided) throw new AppError('conflict', 'This approval was already decided');
      if (decided.status === 'approved') await enqueue(decided);
      return toApproval(decided);
    },

    async retryPublish(id: string, userId: string): Promise<Approval> {
      const row = await ownApproval(id, userId);
      const queued = await requeueForRetry(db, row.id, userId);
      if (!queued) throw new AppError('conflict', 'This post is not waiting to be published');
      await enqueue(queued);
      return toApproval(queued);
    },
  };
}
