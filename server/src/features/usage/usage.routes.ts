import Router from '@koa/router';
import { currentUser } from '../../http/auth.ts';
import type { FeatureRouter } from '../types.ts';
import { createUsageService } from './usage.service.ts';

/** GET /api/subscription/usage-details: the caller's plan, this month's counters, warnings and reset date. */
export const usageRoutes: FeatureRouter = ({ database, now }) => {
  const usage = createUsageService(database.db, now);
  const router = new Router();
  router.get('/api/subscription/usage-details', async (ctx) => {
    ctx.body = await usage.details(currentUser(ctx).id);
  });
  return router;
};
