import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ApproveEmailBody,
  AvatarQuery,
  CreateResearchTaskBody,
  InvestorsQuery,
  ProcessResearchBody,
  UpdateInvestorBody,
  type AvatarResponse,
  type InvestorAnalyticsResponse,
  type InvestorsResponse,
  type PendingEmailsResponse,
} from '@cofounder/shared';
import type { z } from 'zod';
import { currentUser, ownParam } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { takeTaskRuns } from '../tasks/task-runs-budget.ts';
import type { FeatureRouter } from '../types.ts';
import { AvatarRefused, AvatarUpstreamError, createAvatarProxy, type AvatarProxy } from './avatar.ts';
import { pendingEmails } from './investors.repo.ts';
import { createInvestorService, UpstreamFailure } from './investors.service.ts';

const BASE = '/api/investor-outreach/:userId';

/** 502 for an upstream that failed (mail server, avatar host); the shared codes have no gateway code. */
function upstreamFailed(ctx: Context, message: string) {
  ctx.status = 502;
  ctx.body = { error: { code: 'internal', message } };
}

/**
 * Investor outreach (spec 2 §7), Builder plan and up (planGate answers 403 below): investors, pending emails,
 * analytics, the AI Research task and its run, approve / reject a draft, reply status, the avatar proxy.
 */
export function createInvestorsRoutes(options: { avatar?: AvatarProxy } = {}): FeatureRouter {
  return ({ database, email, queue, now, rateLimits }) => {
    const { db } = database;
    const service = createInvestorService({ db, email, queue, now });
    const avatar = options.avatar ?? createAvatarProxy({ now });
    const router = new Router();

    router.get(`${BASE}/investors`, ownParam('userId'), async (ctx) => {
      const query = parseInput(InvestorsQuery, ctx.query);
      const body: InvestorsResponse = await service.list(ctx.params.userId!, query);
      ctx.body = body;
    });

    router.patch(`${BASE}/investors/:investorId`, ownParam('userId'), async (ctx) => {
      const { status } = parseInput(UpdateInvestorBody, ctx.request.body);
      const investor = await service.setStatus(ctx.params.userId!, ctx.params.investorId!, status);
      if (!investor) throw new AppError('not_found', 'Investor not found');
      ctx.body = { success: true, investor };
    });

    router.get(`${BASE}/pending-emails`, ownParam('userId'), async (ctx) => {
      const body: PendingEmailsResponse = {
        success: true,
        pendingEmails: await pendingEmails(db, ctx.params.userId!),
      };
      ctx.body = body;
    });

    router.get(`${BASE}/analytics`, ownParam('userId'), async (ctx) => {
      const body: InvestorAnalyticsResponse = {
        success: true,
        analytics: await service.analytics(ctx.params.userId!),
      };
      ctx.body = body;
    });

    router.post(`${BASE}/create-task`, ownParam('userId'), async (ctx) => {
      const input = parseInput(CreateResearchTaskBody, ctx.request.body);
      const task = await service.createResearchTask(ctx.params.userId!, input);
      ctx.body = { success: true, task: { id: task.id } };
    });

    router.post('/api/agents/investor-outreach/:userId/process', ownParam('userId'), async (ctx) => {
      const { taskId } = parseInput(ProcessResearchBody, ctx.request.body);
      // The research runs on the model (several calls a run): one of the founder's task runs, whatever it finds.
      await takeTaskRuns(ctx, rateLimits, 1);
      ctx.body = { success: true, status: await service.processResearch(ctx.params.userId!, taskId) };
    });

    router.post(`${BASE}/approve-email/:emailId`, ownParam('userId'), async (ctx) => {
      const input = parseInput(ApproveEmailBody, ctx.request.body);
      try {
        ctx.body = await service.decideEmail(currentUser(ctx), ctx.params.emailId!, input);
      } catch (err) {
        if (!(err instanceof UpstreamFailure)) throw err;
        ctx.state.log?.warn({ err: err.cause }, 'investor email send failed');
        upstreamFailed(ctx, err.message);
      }
    });

    router.get(`${BASE}/linkedin-avatar`, ownParam('userId'), async (ctx) => {
      const { url } = parseInput(AvatarQuery, ctx.query) as z.infer<typeof AvatarQuery>;
      try {
        const body: z.infer<typeof AvatarResponse> = { success: true, imageUrl: await avatar.get(url) };
        ctx.body = body;
      } catch (err) {
        if (err instanceof AvatarRefused) throw new AppError('bad_request', err.message, 'url');
        if (err instanceof AvatarUpstreamError) return upstreamFailed(ctx, err.message);
        throw err;
      }
    });

    return router;
  };
}

export const investorsRoutes: FeatureRouter = createInvestorsRoutes();
