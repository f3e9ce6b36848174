import type { Context, Middleware } from 'koa';
import { LOCAL_ONLY_TEXT } from '@cofounder/shared';
import { AppError } from './errors.ts';
import { hostAllowed, type HostCheck } from './allowed-hosts.ts';
import { refusalPage, wantsPage } from './refusal-page.ts';
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

/**
 * The local conveniences (dev mailbox, local checkout, SMS simulator, anything under /dev) read and act for every
 * account on the server, so they answer this machine only, and only under a name the server knows (a page that
 * rebinds its own name to this machine gets nothing): 403 for anyone else (a page for a browser's page load, a
 * JSON error otherwise).
 */
export function localOnly(hosts: HostCheck): Middleware {
  return (ctx, next) => {
    if (fromThisMachine(ctx) && hostAllowed(hosts, ctx)) return next();
    if (wantsPage(ctx)) {
      ctx.status = 403;
      ctx.type = 'html';
      ctx.body = refusalPage('Local only', LOCAL_ONLY_TEXT);
      return;
    }
    throw new AppError('forbidden', LOCAL_ONLY_TEXT);
  };
}

/**
 * localOnly() in front of every path the list matches, whatever the method and whoever routes it. The path is
 * the canonical one (http/canonical-path.ts), the same the routers match.
 */
export function guardLocalOnly(paths: RegExp[], hosts: HostCheck): Middleware {
  const guard = localOnly(hosts);
  return (ctx, next) => (paths.some((path) => path.test(ctx.path)) ? guard(ctx, next) : next());
}
