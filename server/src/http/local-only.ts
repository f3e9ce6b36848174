import type { Context, Middleware } from 'koa';
import { LOCAL_ONLY_TEXT } from '@cofounder/shared';
import { escapeHtml } from '../html.ts';
import { AppError } from './errors.ts';
import { isLoopbackAddress } from '../net/public-address.ts';


/**
 * Whether the request comes from this machine. The socket's own remote address decides, never a header a client
 * writes; behind a trusted proxy on this machine (TRUST_PROXY) the client the proxy names must be local as well,
 * or every visitor of the proxy would count as local.
 */
export function fromThisMachine(ctx: Context): boolean {
  if (!isLoopbackAddress(ctx.req.socket.remoteAddress)) return false;
  return !ctx.app.proxy || isLoopbackAddress(ctx.ip);
}

/** What a person who opened a local-only page from another machine reads. */
const refusedPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cofounder: local only</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:64px auto;padding:0 24px}</style></head>
<body><h1>Local only</h1><p>${escapeHtml(LOCAL_ONLY_TEXT)}</p></body></html>`;

/**
 * The local conveniences (dev mailbox, local checkout, SMS simulator, anything under /dev) read and act for every
 * account on the server, so they answer this machine only: 403 for anyone else (a page for a browser's page
 * load, a JSON error otherwise).
 */
export function localOnly(): Middleware {
  return (ctx, next) => {
    if (fromThisMachine(ctx)) return next();
    if (ctx.method === 'GET' && !ctx.path.startsWith('/api/') && ctx.accepts('json', 'html') === 'html') {
      ctx.status = 403;
      ctx.type = 'html';
      ctx.body = refusedPage;
      return;
    }
    throw new AppError('forbidden', LOCAL_ONLY_TEXT);
  };
}

/** localOnly() in front of every path the list matches, whatever the method and whoever routes it. */
export function guardLocalOnly(paths: RegExp[]): Middleware {
  const guard = localOnly();
  return (ctx, next) => (paths.some((path) => path.test(ctx.path)) ? guard(ctx, next) : next());
}
