import Router from '@koa/router';
import {
  ApprovalsQuery,
  DecideApprovalBody,
  type Approval,
  type ApprovalsResponse,
  type DecideApprovalResponse,
} from '@cofounder/shared';
import { and, desc, eq } from 'drizzle-orm';
import { approvals, type ApprovalRow } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';

const toApproval = (a: ApprovalRow): Approval => ({
  id: a.id,
  kind: a.kind,
  status: a.status,
  taskId: a.taskId,
  post: a.post,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

const INBOX_LIMIT = 200;
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * The approvals inbox: GET /api/approvals?status= and POST /api/approvals/{id} {decision, edited?}. An approved
 * post is recorded as approved (with the founder's edit); publishing it comes with social connections.
 */
export const approvalsRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();

  router.get('/api/approvals', async (ctx) => {
    const { status } = parseInput(ApprovalsQuery, ctx.query);
    const rows = await db
      .select()
      .from(approvals)
      .where(and(eq(approvals.userId, currentUser(ctx).id), eq(approvals.status, status)))
      .orderBy(desc(approvals.createdAt))
      .limit(INBOX_LIMIT);
    const body: ApprovalsResponse = { success: true, approvals: rows.map(toApproval) };
    ctx.body = body;
  });

  router.post('/api/approvals/:id', async (ctx) => {
    const id = ctx.params.id!;
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(approvals)
          .where(and(eq(approvals.id, id), eq(approvals.userId, currentUser(ctx).id)))
      : [];
    if (!row) throw new AppError('not_found', 'Approval not found');
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
      })
      .where(and(eq(approvals.id, row.id), eq(approvals.status, 'pending')))
      .returning();
    if (!decided) throw new AppError('conflict', 'This approval was already decided');
    const body: DecideApprovalResponse = { success: true, approval: toApproval(decided) };
    ctx.body = body;
  });

  return router;
};
