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
