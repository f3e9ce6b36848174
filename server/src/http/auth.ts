import type { Context, Middleware } from 'koa';
import { isUsableToken } from '@cofounder/shared';
import { bearerToken, TokenError, type AuthedUser, type TokenVerifier } from './token-verifier.ts';
import { AppError } from './errors.ts';

/** The session cookie the web sets for the phone page (spec 2 §6: the SMS calls use cookies): the access token. */
export const SMS_SESSION_COOKIE = 'cofounder_at';
const COOKIE_PATHS = /^\/api\/sms\//;

export interface CookieAuth {
  /** Origins a cookie-authenticated POST may come from (PUBLIC_URL's and CORS_ORIGINS). */
  allowedOrigins: string[];
}

/** The Origin of a request, else its Referer's origin, else null. */
function requestOrigin(ctx: Context): string | null {
  const origin = ctx.get('origin');
  if (origin && origin !== 'null') return origin;
  const referer = ctx.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * The bearer token, or on /api/sms/* only the session cookie. A cookie-authenticated request that changes
 * something must come from an allowed origin (CSRF: the cookie is SameSite=Lax, and this checks Origin / Referer).
 */
function tokenOf(ctx: Context, cookie: CookieAuth | undefined): string | null {
  const header = ctx.get('authorization');
  if (header || !cookie || !COOKIE_PATHS.test(ctx.path)) return bearerToken(header);
  const value = ctx.cookies.get(SMS_SESSION_COOKIE);
  if (!value) return null;
  if (!['GET', 'HEAD'].includes(ctx.method)) {
    const origin = requestOrigin(ctx);
    if (!origin || !cookie.allowedOrigins.includes(origin)) throw new AppError('forbidden', 'Cross-site request refused');
  }
  return value;
}

/**
 * Requires a valid bearer token and puts the caller in ctx.state.user (read it with currentUser). With `cookie`,
 * /api/sms/* also accepts the session cookie.
 */
export function requireUser(verifier: TokenVerifier, cookie?: CookieAuth): Middleware {
  return async (ctx, next) => {
    const token = tokenOf(ctx, cookie);
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
