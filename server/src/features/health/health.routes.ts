import Router from '@koa/router';
import type { FeatureRouter } from '../types.ts';

/** GET /api/health: liveness for load balancers and `npm start` checks (public). */
export const healthRoutes: FeatureRouter = () => {
  const router = new Router();
  router.get('/api/health', (ctx) => {
    ctx.body = { ok: true };
  });
  return router;
};
