import Router from '@koa/router';
import type { HealthFailure, HealthResponse } from '@cofounder/shared';
import type { FeatureRouter } from '../types.ts';

/**
 * GET /api/health: liveness for load balancers and `npm start` checks (public). 503 with the failing parts while
 * the store refuses writes for lack of space.
 */
export const healthRoutes: FeatureRouter = ({ storeHealth }) => {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    const failing = await storeHealth.failing();
    if (failing.length === 0) {
      ctx.body = { ok: true } satisfies HealthResponse;
      return;
    }
    ctx.status = 503;
    ctx.body = { ok: false, failing } satisfies HealthFailure;
  });
  return router;
};
