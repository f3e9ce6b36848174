import Router from '@koa/router';
import {
  ApprovalsQuery,
  DecideApprovalBody,
  type Approval,
  type ApprovalsResponse,
  type DecideApprovalResponse,
  type RetryPublishResponse,
} from '@cofounder/shared';
import { and, desc, eq } from 'drizzle-orm';
import { approvals, type ApprovalRow } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { pendingConfirmations } from '../computer-use/computer-use.service.ts';
import { approvalById, requeueForRetry } from '../publishing/publish.service.ts';
import type { FeatureRouter } from '../types.ts';
import { isUuid } from '../../db/ids.ts';

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
});

const INBOX_LIMIT = 200;

/**
 * The approvals inbox: GET /api/approvals?status= (with the computer actions waiting for a yes), POST /api/approvals/{id} {decision, edited?} and
 * POST /api/approvals/{id}/publish. An approved post (with the founder's edit) is queued for the publish worker;
 * with no worker in this process it stays queued until one starts. A failed or connection-waiting post can be
 * queued again by its founder.
 */
export const approvalsRoutes: FeatureRouter = ({ database, now, publisher }) => {
  const { db } = database;
  const router = new Router();

  /** The caller's approval, or 404 (another founder's id looks the same as a missing one). */
  async function ownApproval(id: string, userId: string): Promise<ApprovalRow> {
    const row = isUuid(id) ? await approvalById(db, id) : null;
    if (!row || row.userId !== userId) throw new AppError('not_found', 'Approval not found');
    return row;
  }

  const enqueue = async (row: ApprovalRow) => {
    await publisher?.enqueue([{ approvalId: row.id, userId: row.userId }]);
  };

  router.get('/api/approvals', async (ctx) => {
    const { status } = parseInput(ApprovalsQuery, ctx.query);
    const rows = await db
      .select()
      .from(approvals)
      .where(and(eq(approvals.userId, currentUser(ctx).id), eq(approvals.status, status)))
      .orderBy(desc(approvals.createdAt))
      .limit(INBOX_LIMIT);
    // Sensitive computer actions wait for the founder here too (issue 12 §3); they are answered through
    // POST /api/computer-use/confirm/{vmId} and are always pending, so only the pending tab lists them.
    const computerActions = status === 'pending' ? await pendingConfirmations(db, currentUser(ctx).id) : [];
    const body: ApprovalsResponse = {
      success: true,
      approvals: rows.map(toApproval),
      computerActions,
    };
    ctx.body = body;
  });

  router.post('/api/approvals/:id', async (ctx) => {
    const row = await ownApproval(ctx.params.id!, currentUser(ctx).id);
    const { decision, edited } = parseInput(DecideApprovalBody, ctx.request.body);
    if (edited && (decision === 'reject' || edited.platform !== row.post.platform)) {
      throw new AppError(
        'validation_failed',
        'edited: An edit must approve a post of the same platform',
        'edited',
      );
    }
    const [decided] = await db
      .update(approvals)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        post: edited ?? row.post,
        decidedAt: new Date(now()),
        ...(decision === 'approve' ? { publishStatus: 'queued' as const, publishAttempts: 0 } : {}),
      })
      .where(and(eq(approvals.id, row.id), eq(approvals.status, 'pending')))
      .returning();
    if (!decided) throw new AppError('conflict', 'This approval was already decided');
    if (decided.status === 'approved') await enqueue(decided);
    const body: DecideApprovalResponse = { success: true, approval: toApproval(decided) };
    ctx.body = body;
  });

  router.post('/api/approvals/:id/publish', async (ctx) => {
    const userId = currentUser(ctx).id;
    const row = await ownApproval(ctx.params.id!, userId);
    const queued = await requeueForRetry(db, row.id, userId);
    if (!queued) throw new AppError('conflict', 'This post is not waiting to be published');
    await enqueue(queued);
    const body: RetryPublishResponse = { success: true, approval: toApproval(queued) };
    ctx.body = body;
  });

  return router;
};
