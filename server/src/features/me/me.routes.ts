import Router from '@koa/router';
import type { MeResponse } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import type { FeatureRouter } from '../types.ts';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** GET /api/me: the caller as the API sees them, names from the sign-up metadata. */
export const meRoutes: FeatureRouter = () => {
  const router = new Router();
  router.get('/api/me', (ctx) => {
    const user = currentUser(ctx);
    const firstName = text(user.userMetadata.first_name);
    const lastName = text(user.userMetadata.last_name);
    const joined = [firstName, lastName].filter(Boolean).join(' ');
    const body: MeResponse = {
      success: true,
      user: { id: user.id, email: user.email, firstName, lastName, fullName: text(user.userMetadata.full_name) ?? text(joined) },
    };
    ctx.body = body;
  });
  return router;
};
