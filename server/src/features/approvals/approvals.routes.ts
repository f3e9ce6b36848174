import Router from '@koa/router';
import { contract, type DecideApprovalResponse, type RetryPublishResponse } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { approvalsService } from './approvals.service.ts';

/**
 * The approvals inbox: GET /api/approvals?status= (with the computer actions waiting for a yes),
 * POST /api/approvals/{id} {decision, edited?} and POST /api/approvals/{id}/publish (rules in approvals.service).
 */
export const approvalsRoutes: FeatureRouter = ({ database, now, publisher }) => {
  const approvals = approvalsService(database.db, publisher, now);
  const router = new Router();

  router.get('/api/approvals', async (ctx) => {
    const { status } = parseInput(contract.approvals.query, ctx.query);
    ctx.body = await approvals.list(currentUser(ctx).id, status);
  });

  router.post('/api/approvals/:id', async (ctx) => {
    const body = parseInput(contract.decideApproval.body, ctx.request.body);
    const approval = await approvals.decide(ctx.params.id!, currentUser(ctx).id, body);
    ctx.body = { success: true, approval } satisfies DecideApprovalResponse;
  });

  router.post('/api/approvals/:id/publish', async (ctx) => {
    const approval = await approvals.retryPublish(ctx.params.id!, currentUser(ctx).id);
    ctx.body = { success: true, approval } satisfies RetryPublishResponse;
  });

  return router;
};
