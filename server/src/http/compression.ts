import compress from 'koa-compress';
import { constants } from 'node:zlib';
import type { Middleware } from 'koa';

/** Below this size compressing costs more than it saves (issue 26: "responses over 1 KB are compressed"). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * br or gzip, as the client accepts, for answers over 1 KB of a compressible type (API JSON, text, HTML).
 * Anything already encoded (the prerendered pages and assets come precompressed from the build) is left alone by
 * koa-compress itself; the chat's Server-Sent Events bypass Koa's response (ctx.respond = false) and WebSocket
 * upgrades never reach Koa, so neither is ever buffered here. Brotli at quality 4: the default 11 costs tens of
 * milliseconds per answer for a few percent.
 */
export function compression(): Middleware {
  return compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    deflate: false,
  });
}

/**
 * A plain object or array body becomes its JSON once, as a Buffer. Left to Koa, it is stringified twice: once by the
 * response's length getter (koa-compress reads it to compare with the threshold), again to send or compress it
 * (together 9 % of the task list route's CPU, issue 27). Runs inside compression(), so it sees the Buffer.
 */
export function serializeJsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (body === null || typeof body !== 'object') return;
    const proto: unknown = Object.getPrototypeOf(body);
    if (!Array.isArray(body) && proto !== Object.prototype && proto !== null) return;
    ctx.body = Buffer.from(JSON.stringify(body));
  };
}
