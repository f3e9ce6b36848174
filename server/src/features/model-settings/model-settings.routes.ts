import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { AppError } from '../../http/errors.ts';
import { fromThisMachine } from '../../http/local-only.ts';
import type { FeatureRouter } from '../types.ts';
import { isLocalMode } from './local-mode.ts';
import { localServersFor } from './local-servers.service.ts';

/**
 * Settings → Model (issue 23). The local model servers are this machine's loopback: they exist only in local mode
 * and only for a client on this machine; anyone else is answered as if the routes did not exist.
 */
export const modelSettingsRoutes: FeatureRouter = ({ config }) => {
  const router = new Router();
  const localOnly = (ctx: Context, next: Next) => {
    if (!isLocalMode(config) || !fromThisMachine(ctx)) throw new AppError('not_found', 'Not found');
    return next();
  };
  router.get('/api/model-settings/local-servers', localOnly, async (ctx) => {
    ctx.body = await localServersFor(config).latest();
  });
  router.post('/api/model-settings/local-servers/scan', localOnly, async (ctx) => {
    ctx.body = await localServersFor(config).rescan();
  });
  return router;
};
