import Router from '@koa/router';
import { EnableAutonomyBody, RATE_LIMITS, UpdateAutonomyBody, type AutonomySettingsResponse } from '@cofounder/shared';
import type { Middleware } from 'koa';
import type { AutonomyRow } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { limitPerUser } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { createAutonomyService, toAutonomySettings } from './autonomy.service.ts';

/** Spec 2 §7: autonomy calls name the user in `x-user-id`; the bearer decides, and the two must agree. */
const headerMatchesBearer: Middleware = async (ctx, next) => {
  if (ctx.get('x-user-id') !== currentUser(ctx).id)
    throw new AppError('forbidden', 'x-user-id must be your own user id');
  await next();
};

const respond = (row: AutonomyRow): AutonomySettingsResponse => ({
  success: true,
  settings: toAutonomySettings(row),
});

/** GET /api/autonomous/settings, POST /api/autonomous/enable | disable | settings. */
export const autonomyRoutes: FeatureRouter = ({ database, ai, now, log, queue, autonomy, rateLimits }) => {
  const usage = createUsageService(database.db, now);
  const service = createAutonomyService({ db: database.db, ai, usage, now, log, queue });
  const router = new Router();
  router.use('/api/autonomous', headerMatchesBearer);
  // Start and a new energy level run a check-in now, which asks the model for a plan: each has the per-minute budget
  // (the check-in's tasks count toward the month's allowance as every planned task does).
  const checkInBudget = limitPerUser(rateLimits, 'autonomy', RATE_LIMITS.autonomy, RATE_LIMITS.texts.autonomy);

  router.get('/api/autonomous/settings', async (ctx) => {
    const body: AutonomySettingsResponse = {
      success: true,
      settings: await service.get(currentUser(ctx).id),
    };
    ctx.body = body;
  });
  router.post('/api/autonomous/enable', checkInBudget, async (ctx) => {
    const row = await service.enable(
      currentUser(ctx).id,
      parseInput(EnableAutonomyBody, ctx.request.body ?? {}),
    );
    // The first check-in runs now; each check-in queues the next one interval later.
    await autonomy?.schedule(row.userId, new Date(now()));
    ctx.body = respond(row);
  });
  router.post('/api/autonomous/disable', async (ctx) => {
    ctx.body = respond(await service.disable(currentUser(ctx).id));
  });
  router.post('/api/autonomous/settings', checkInBudget, async (ctx) => {
    const { row, checkInNow } = await service.update(
      currentUser(ctx).id,
      parseInput(UpdateAutonomyBody, ctx.request.body ?? {}),
    );
    if (checkInNow) await autonomy?.schedule(row.userId, new Date(now()));
    ctx.body = respond(row);
  });
  return router;
};
