import type { Middleware } from 'koa';

/**
 * The two API paths spec 1 §7 puts outside /api (GET /onboarding/{userId}/status, POST …/complete). Their
 * routes require the bearer themselves; CORS and the web app's fallback treat them as API, while /onboarding
 * itself stays the wizard page.
 */
export const ONBOARDING_API_PATH = /^\/onboarding\/[^/]+\/(status|complete)\/?$/;

/** True when "METHOD /path" is on the allow-list (HEAD counts as GET; "/x/*" matches a prefix). */
export function isPublicRoute(allowList: string[], method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return allowList.some((entry) => {
    const [allowedMethod, pattern = ''] = entry.split(' ');
    if (allowedMethod !== m) return false;
    return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern || path === `${pattern}/`;
  });
}

/**
 * Deny by default: every /api request runs `auth` unless its route is allow-listed. CORS preflights pass
 * (they carry no credentials and are answered by the CORS middleware before this).
 */
export function guardApi(allowList: string[], auth: Middleware): Middleware {
  return (ctx, next) => {
    if (!/^\/api(\/|$)/.test(ctx.path) || ctx.method === 'OPTIONS' || isPublicRoute(allowList, ctx.method, ctx.path)) {
      return next();
    }
    return auth(ctx, next);
  };
}
