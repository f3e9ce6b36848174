import type { Context, Middleware } from 'koa';
import { isUsableToken } from '@cofounder/shared';
import { bearerToken, TokenError, type AuthedUser, type TokenVerifier } from '../features/auth/verifier.ts';
import { AppError } from './errors.ts';

/** Requires a valid bearer token and puts the caller in ctx.state.user (read it with currentUser). */
export function requireUser(verifier: TokenVerifier): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!isUsableToken(token)) throw new AppError('unauthorized', 'Authentication required');
    try {
      ctx.state.user = await verifier.verify(token);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
      throw new AppError('unauthorized', err.reason === 'expired' ? 'Token expired' : 'Authentication required');
    }
    await next();
  };
}

/** The caller set by requireUser; a route reaching this without it is a wiring bug, not a client error. */
export function currentUser(ctx: Context): AuthedUser {
  const user = ctx.state.user as AuthedUser | undefined;
  if (!user) throw new Error('currentUser() used on a route without requireUser()');
  return user;
}

/** A user id the request names (path, query or body) must be the caller's own, else 403; answers it. */
export function ownUserId(ctx: Context, userId: string | undefined): string {
  const me = currentUser(ctx).id;
  if (userId !== me) throw new AppError('forbidden', 'You can only access your own data');
  return me;
}

/** For paths like /api/tasks/:userId: the parameter must be the caller's own id, else 403. */
export function ownParam(name: 'userId' | 'id'): Middleware {
  return async (ctx, next) => {
    const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
    ownUserId(ctx, params[name]);
    await next();
  };
}
