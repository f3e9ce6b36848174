import Router from '@koa/router';
import {
  ApprovalsQuery,
  DecideApprovalBody,
  type Approval,
  type ApprovalsResponse,
  type DecideApprovalResponse,
} from '@cofounder/shared';
import { and, desc, eq } from 'drizzle-orm';
import { activities, approvals, type ApprovalRow } from '../../db/schema.ts';
import { SocialProviderError } from '../../providers/social/port.ts';
import { usableAccessToken } from '../connections/connections.service.ts';
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
 * post is recorded as approved (with the founder's edit) and, when its platform is connected, published through
 * the X or Reddit API (best effort: a failure is logged and the approval stays approved); the activity keeps the link.
 */
export const approvalsRoutes: FeatureRouter = ({ database, now, social, tokenKey, log }) => {
  const { db } = database;
  const router = new Router();

  /** An approved post goes out when its platform is connected; the activity keeps the real link. Best effort. */
  async function publish(approval: ApprovalRow): Promise<void> {
    const post = approval.post;
    const provider = social[post.platform];
    if (!provider) return;
    const token = await usableAccessToken({ db, social, tokenKey, now, log }, approval.userId, post.platform);
    if (!token) return;
    try {
      const { link } = await provider.publish(token.accessToken, post, token.username);
      await db.insert(activities).values({
        userId: approval.userId,
        taskId: approval.taskId,
        platform: post.platform,
        title: post.platform === 'twitter' ? 'Posted on X' : post.title,
        content: post.platform === 'twitter' ? post.text : post.body,
        subreddit: post.platform === 'reddit' ? post.subreddit : null,
        link,
        outcome: 'Published',
        createdAt: new Date(now()),
      });
    } catch (err) {
      if (!(err instanceof SocialProviderError)) throw err;
      log.warn({ platform: post.platform, approvalId: approval.id, err: err.message }, 'publishing an approved post failed');
    }
  }

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
    if (decided.status === 'approved') await publish(decided);
    const body: DecideApprovalResponse = { success: true, approval: toApproval(decided) };
    ctx.body = body;
  });

  return router;
};
