import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context, Middleware } from 'koa';
import { HOST_NOT_ALLOWED_TEXT } from '@cofounder/shared';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { refusalPage, wantsPage } from './refusal-page.ts';

// A local install trusts its own machine: the dev mailbox holds everyone's sign-in links, and a model server on
// loopback may be offered. A web page the founder opens elsewhere can still reach it by DNS rebinding: its own
// name is re-pointed at 127.0.0.1, and the browser then sends this server that name in Host. So a local install
// answers only to names it is known by — as Vite's and Jupyter's allowed-hosts checks do:
//   - localhost and its subdomains (browsers resolve them to loopback themselves; no DNS answer can move them),
//   - any IP address (rebinding needs a name; an address typed into a browser is the machine itself),
//   - the host of PUBLIC_URL, and the names in ALLOWED_HOSTS (`.example.com` also covers its subdomains).
// A request without Host (HTTP/1.0 tools) is no browser's, and passes.

export type HostCheck = (hostname: string) => boolean;

export function createHostCheck(config: Pick<Config, 'publicUrl' | 'allowedHosts'>): HostCheck {
  const names = new Set([new URL(config.publicUrl).hostname.toLowerCase(), ...config.allowedHosts]);
  const domains = config.allowedHosts.filter((name) => name.startsWith('.'));
  return (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === '' || isIP(name) !== 0 || name.startsWith('[')) return true;
    if (name === 'localhost' || name.endsWith('.localhost')) return true;
    return names.has(name) || domains.some((domain) => name.endsWith(domain) || name === domain.slice(1));
  };
}

/** The name a request was sent to, without its port (`[::1]` keeps its brackets). */
export function hostnameOf(req: Pick<IncomingMessage, 'headers'>): string {
  const host = req.headers.host ?? '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0] ?? '';
}

/** Whether the name this request was sent to is one the server answers to. */
export const hostAllowed = (check: HostCheck, ctx: Context): boolean => check(ctx.hostname);

/** Every request to a name the server does not know gets 403 with HOST_NOT_ALLOWED_TEXT (a page for a page load). */
export function allowedHostsOnly(check: HostCheck): Middleware {
  return (ctx, next) => {
    if (hostAllowed(check, ctx)) return next();
    if (wantsPage(ctx)) {
      ctx.status = 403;
      ctx.type = 'html';
      ctx.body = refusalPage('Unknown host name', HOST_NOT_ALLOWED_TEXT);
      return;
    }
    throw new AppError('forbidden', HOST_NOT_ALLOWED_TEXT);
  };
}
