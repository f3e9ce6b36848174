import Router from '@koa/router';
import {
  ConnectionPlatform,
  SaveConnectionBody,
  ServiceConnectionsBody,
  type ConnectCodeResponse,
  type ConnectionsResponse,
  type SaveConnectionResponse,
  type ServiceConnectionsResponse,
} from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import type { SocialPlatform } from '../../providers/social/port.ts';
import type { FeatureRouter } from '../types.ts';
import { connectionFlow, isSocial } from './oauth-flow.service.ts';
import { oauthPage } from './oauth.page.ts';

/**
 * Social connections (rules in oauth-flow.service): POST /api/user/connections/{platform}/code (bearer) → window
 * at GET /auth/{platform}?userId=&code= → provider → GET /auth/{platform}/callback → the dashboard confirms with
 * POST /api/user/connections/{platform}; GET lists them, DELETE disconnects.
 */
export const connectionsRoutes: FeatureRouter = (deps) => {
  const flow = connectionFlow({ ...deps, db: deps.database.db });
  const targetOrigin = deps.config.publicUrl;
  const router = new Router();

  router.get('/auth/:platform', async (ctx) => {
    const platform = ctx.params.platform!;
    if (platform === 'linkedin') {
      oauthPage(ctx, 200, {
        title: 'LinkedIn is coming soon',
        text: 'LinkedIn is coming soon. You can close this window.',
        targetOrigin,
      });
      return;
    }
    if (!isSocial(platform)) return; // falls through to 404
    // Only a code: a bearer token in the URL (the old ?access_token=) is never read.
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    const answer = await flow.start(platform, code, ctx.query.userId);
    if ('redirect' in answer) {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.redirect(answer.redirect);
      return;
    }
    oauthPage(ctx, answer.status, { ...answer, targetOrigin });
  });

  router.get('/auth/:platform/callback', async (ctx) => {
    const platform = ctx.params.platform!;
    if (!isSocial(platform)) return;
    const page = await flow.callback(platform, ctx.query);
    oauthPage(ctx, page.status, { ...page, targetOrigin });
  });

  const platformParam = (value: string | undefined): SocialPlatform => {
    const parsed = ConnectionPlatform.safeParse(value);
    if (!parsed.success || !isSocial(parsed.data)) throw new AppError('not_found', 'Unknown platform');
    return parsed.data;
  };

  router.post('/api/user/connections/:platform/code', async (ctx) => {
    const { code, expiresAt } = await flow.issueCode(currentUser(ctx).id, platformParam(ctx.params.platform));
    ctx.set('Cache-Control', 'no-store'); // it opens a connection for the founder
    ctx.body = { success: true, code, expiresAt: expiresAt.toISOString() } satisfies ConnectCodeResponse;
  });

  router.get('/api/user/connections', async (ctx) => {
    const connections = await flow.list(currentUser(ctx).id);
    ctx.body = { success: true, details: { connections } } satisfies ConnectionsResponse;
  });

  router.post('/api/user/connections/:platform', async (ctx) => {
    const platform = platformParam(ctx.params.platform);
    const input = parseInput(SaveConnectionBody, ctx.request.body);
    const details = await flow.confirm(currentUser(ctx).id, platform, input.accessToken);
    ctx.body = { success: true, details } satisfies SaveConnectionResponse;
  });

  router.delete('/api/user/connections/:platform', async (ctx) => {
    await flow.disconnect(currentUser(ctx).id, platformParam(ctx.params.platform));
    ctx.body = { success: true };
  });

  // Spec 1 §4, §7 ask only that the dashboard push its map. Nothing is stored: the agents read connections from
  // social_connections (connectedPlatforms, usableAccessToken), the records this map of token-free views mirrors.
  router.post('/api/agents/service-connections', async (ctx) => {
    parseInput(ServiceConnectionsBody, ctx.request.body);
    ctx.body = { success: true, stored: false } satisfies ServiceConnectionsResponse;
  });

  return router;
};
