import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { OnboardingTurnBody, RATE_LIMITS, type OnboardingStatus, type OnboardingTurnResponse } from '@cofounder/shared';
import { ownParam, requireUser } from '../../http/auth.ts';
import { limitPerUser } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import { meterAsMessage } from '../usage/message-meter.ts';
import { createUsageService } from '../usage/usage.service.ts';
import type { FeatureRouter } from '../types.ts';
import { createOnboardingService } from './onboarding.service.ts';

/**
 * GET /onboarding/{userId}/status and POST /onboarding/{userId}/complete (spec 1 §7 puts them outside /api,
 * so the /api guard does not cover them: they require the bearer here), and POST /api/onboarding/{userId}.
 */
export const onboardingRoutes: FeatureRouter = ({ database, ai, now, log, verifier, queue, rateLimits }) => {
  const usage = createUsageService(database.db, now);
  const onboarding = createOnboardingService({ db: database.db, ai, usage, now, log, queue });
  const auth = requireUser(verifier);
  const router = new Router();

  router.get('/onboarding/:userId/status', auth, ownParam('userId'), async (ctx) => {
    const body: OnboardingStatus = await onboarding.status(ctx.params.userId!);
    ctx.body = body;
  });

  router.post('/onboarding/:userId/complete', auth, ownParam('userId'), async (ctx) => {
    await onboarding.complete(ctx.params.userId!);
    ctx.body = { success: true };
  });

  // Every turn asks the model, so each has the per-minute budget. An interview turn also counts as one of the
  // month's messages when a model wrote its answer (the product's own fallback and "already ready" texts carry no
  // produced_by). The skip is not a message the founder wrote: the first plan it makes happens once per founder and is
  // counted by the tasks it stores, as every plan is.
  const turnBudget = limitPerUser(rateLimits, 'onboarding', RATE_LIMITS.onboarding, RATE_LIMITS.texts.onboarding);
  const modelAnswered = (ctx: Context) => Boolean((ctx.body as OnboardingTurnResponse | undefined)?.aiResponse.produced_by);
  const interviewTurn = meterAsMessage(usage, turnBudget, modelAnswered);
  const metered: Middleware = (ctx, next) =>
    (ctx.request.body as { skip_conversation?: unknown } | undefined)?.skip_conversation === true
      ? turnBudget(ctx, next)
      : interviewTurn(ctx, next);

  router.post('/api/onboarding/:userId', ownParam('userId'), metered, async (ctx) => {
    const input = parseInput(OnboardingTurnBody, ctx.request.body);
    const body: OnboardingTurnResponse = { aiResponse: await onboarding.turn(ctx.params.userId!, input) };
    ctx.body = body;
  });
  return router;
};
