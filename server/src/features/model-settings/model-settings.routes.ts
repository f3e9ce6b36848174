import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { ModelConnectionInput, ModelConnectionTest, RATE_LIMITS } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { fromThisMachine } from '../../http/local-only.ts';
import { limitPerUser } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { isLocalMode } from './local-mode.ts';
import { localServersFor } from './local-servers.service.ts';
import { createModelSettingsService, type Caller } from './model-settings.service.ts';

/**
 * Settings → Model (issue 23): the founder's own model connection, Test connection, and the local model servers of
 * this machine. Those exist only in local mode and only for a client on this machine; anyone else is answered as if
 * the routes did not exist.
 */
export const modelSettingsRoutes: FeatureRouter = ({ config, database, ai, voice, tokenKey, now, rateLimits }) => {
  const router = new Router();
  const service = createModelSettingsService({
    db: database.db,
    config,
    tokenKey,
    serverDefault: ai.serverDefault,
    serverVoice: voice.serverDefault,
    now,
  });
  const caller = (ctx: Context): Caller => ({ userId: currentUser(ctx).id, fromThisMachine: fromThisMachine(ctx) });
  // Test and Save may each call an outside server: a budget per founder, across processes.
  const limited = limitPerUser(rateLimits, 'model-settings', RATE_LIMITS.modelSettings, RATE_LIMITS.texts.modelSettings);
  const localOnly = (ctx: Context, next: Next) => {
    if (!isLocalMode(config) || !fromThisMachine(ctx)) throw new AppError('not_found', 'Not found');
    return next();
  };

  router.get('/api/model-settings', async (ctx) => {
    ctx.body = await service.get(currentUser(ctx).id);
  });
  router.put('/api/model-settings', limited, async (ctx) => {
    ctx.body = await service.save(caller(ctx), parseInput(ModelConnectionInput, ctx.request.body));
  });
  router.delete('/api/model-settings', async (ctx) => {
    ctx.body = await service.reset(currentUser(ctx).id);
  });
  router.post('/api/model-settings/test', limited, async (ctx) => {
    ctx.body = await service.test(caller(ctx), parseInput(ModelConnectionTest, ctx.request.body));
  });
  router.get('/api/model-settings/local-servers', localOnly, async (ctx) => {
    ctx.body = await localServersFor(config).latest();
  });
  router.post('/api/model-settings/local-servers/scan', localOnly, async (ctx) => {
    ctx.body = await localServersFor(config).rescan();
  });
  return router;
};
