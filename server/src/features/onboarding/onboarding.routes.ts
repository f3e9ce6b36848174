import Router from '@koa/router';
import { OnboardingTurnBody, type OnboardingStatus, type OnboardingTurnResponse } from '@cofounder/shared';
import { ownParam, requireUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { createUsageService } from '../usage/usage.service.ts';
import type { FeatureRouter } from '../types.ts';
import { createOnboardingService } from './onboarding.service.ts';

/**
 * GET /onboarding/{userId}/status and POST /onboarding/{userId}/complete (spec 1 §7 puts them outside /api,
 * so the /api guard does not cover them: they require the bearer here), and POST /api/onboarding/{userId}.
 */
export const onboardingRoutes: FeatureRouter = ({ database, ai, now, log, verifier, queue }) => {
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

  router.post('/api/onboarding/:userId', ownParam('userId'), async (ctx) => {
    const input = parseInput(OnboardingTurnBody, ctx.request.body);
    const body: OnboardingTurnResponse = { aiResponse: await onboarding.turn(ctx.params.userId!, input) };
    ctx.body = body;
  });
  return router;
};
