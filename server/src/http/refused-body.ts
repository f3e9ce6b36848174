import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { discardBody } from './discard-body.ts';

const hasUnreadBody = (req: IncomingMessage) =>
  !req.complete && (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined);

/**
 * Lets a client read the refusal of its upload. An answer sent while the client is still sending, followed by a
 * close, resets the connection under the upload, and browsers and fetch report a network error instead of the 413
 * (or 401, 429...). So a body an error answer left unread is read to its end and thrown away first, within a bound;
 * past the bound (`maxBytes`), or when the client goes away, the connection closes after the answer.
 */
export function drainRefusedBody(maxBytes: number): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status < 400 || !hasUnreadBody(ctx.req)) return;
    const declared = Number(ctx.get('content-length') || 0);
    const ended = declared <= maxBytes && (await discardBody(ctx.req, maxBytes));
    if (!ended) ctx.set('Connection', 'close');
  };
}
