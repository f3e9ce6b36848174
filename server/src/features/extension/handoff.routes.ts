import Router from '@koa/router';
import type { ExtensionHandoffResponse } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { FeatureRouter } from '../types.ts';

/**
 * POST /api/extension/handoff: the dashboard's "Connect extension". Answers a one-use token the extension redeems
 * at /auth/v1/verify for its own session. Only the local auth server can mint one; with hosted Supabase the
 * founder signs in from the extension's popup instead.
 */
export const extensionHandoffRoutes: FeatureRouter = ({ accounts }) => {
  const router = new Router();
  router.post('/api/extension/handoff', async (ctx) => {
    if (!accounts) {
      throw new AppError('conflict', 'This server uses hosted sign-in: sign in from the extension popup instead');
    }
    const { token, expiresAt } = await accounts.createHandoffToken(currentUser(ctx));
    ctx.set('Cache-Control', 'no-store'); // it signs someone in
    const body: ExtensionHandoffResponse = { success: true, tokenHash: token, expiresAt: expiresAt.toISOString() };
    ctx.body = body;
  });
  return router;
};
