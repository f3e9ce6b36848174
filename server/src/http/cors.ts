import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { EXTENSION } from '@cofounder/shared';
import { ONBOARDING_API_PATH } from './api-guard.ts';

const CORS_PATHS = /^\/(api|auth\/v1|transcription)(\/|$)/;

/**
 * CORS for /api, /auth/v1, /transcription and the two onboarding API paths only: the dashboard origin, the product's
 * own Chrome extension (every build carries the same key, so the same id) and extra CORS_ORIGINS. Another
 * extension is just another origin. Firefox gives each install a random moz-extension:// origin; the add-on reaches
 * the server through its host permissions, which need no CORS. Disallowed origins get no CORS headers, so the
 * browser blocks the response.
 */
export function corsFor(publicUrl: string, extraOrigins: string[]): Middleware {
  const allowed = new Set([new URL(publicUrl).origin, `chrome-extension://${EXTENSION.id}`, ...extraOrigins]);
  const handler = cors({
    origin: (ctx) => {
      const origin = ctx.get('origin');
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', 'x-request-id'],
    // The rate-limit headers (http/rate-limit-state.ts) and Retry-After are not CORS-safelisted: without this a
    // page on another allowed origin (the extension) could not read them.
    exposeHeaders: ['x-supabase-api-version', 'x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'],
    maxAge: 600,
  });
  return (ctx, next) => (CORS_PATHS.test(ctx.path) || ONBOARDING_API_PATH.test(ctx.path) ? handler(ctx, next) : next());
}
