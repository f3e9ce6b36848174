import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const CLIENT_ID = /^[\w.-]{1,64}$/;

/**
 * Gives each request an id (a sane incoming X-Request-Id is kept so proxies can correlate) and writes one
 * JSON line when it ends. Only the path is logged, never the query string, headers or body: email links carry
 * one-time tokens in the query, and headers carry bearer tokens.
 */
export function requestLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    const reqId = CLIENT_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = reqId;
    ctx.state.log = log.child({ reqId });
    ctx.set('X-Request-Id', reqId);
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
