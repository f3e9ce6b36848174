import Router from '@koa/router';
import type { FeatureRouter } from '../types.ts';
import { publicConfigService } from './config.service.ts';

/** GET /api/config (public): where auth lives and which providers are local, for web and extension. */
export const configRoutes: FeatureRouter = (deps) => {
  const publicConfig = publicConfigService(deps);
  const router = new Router();
  router.get('/api/config', async (ctx) => {
    ctx.body = await publicConfig(ctx);
  });
  return router;
};
