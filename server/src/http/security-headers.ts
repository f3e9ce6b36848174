import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import helmet, { strictTransportSecurity } from 'helmet';
import type { Context, Middleware } from 'koa';
import { MODEL_SETTINGS, VMS } from '@cofounder/shared';
import type { Config } from '../config.ts';
import { DEFERRED_MODULE_LOADER } from '../web/deferred-modules.ts';

type ConnectMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const HOSTNAME = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i;
// Helmet has no Permissions-Policy. The microphone is for voice notes and calls on our own pages; only features
// Chromium knows are named, since an unknown one is logged as a console error.
const PERMISSIONS_POLICY = 'microphone=(self), camera=(), geolocation=(), payment=(), usb=()';

/**
 * 'sha256-…' of every inline script in the build's HTML pages (the landing page's theme snippet sets the class
 * before the first paint, so it cannot be an external file). Read once at start: the build precedes the server.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  if (!existsSync(webDistDir)) return [];
  const hashes = new Set<string>();
  for (const name of readdirSync(webDistDir).filter((n) => n.endsWith('.html'))) {
    // Browsers hash the script text after the HTML parser has turned CRLF into LF.
    const html = readFileSync(join(webDistDir, name), 'utf8').replace(/\r\n?/g, '\n');
    for (const [, body] of html.matchAll(INLINE_SCRIPT)) if (body) hashes.add(scriptHash(body));
  }
  return [...hashes];
}

/** A script's CSP source: 'sha256-…' of its text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The origin of `url` and its WebSocket twin (supabase-js opens wss:// on the same host). */
function withSocket(url: string): string[] {
  const { origin } = new URL(url);
  return [origin, origin.replace(/^http/, 'ws')];
}

/**
 * Browser security headers on every response (helmet): a CSP with no inline script but the build's own, never
 * framed, nosniff, a strict referrer; HSTS only on a request that came over HTTPS through a trusted proxy, so a
 * plain-HTTP local server never pins itself. `callsUrl` is where the browser sends its WebRTC offer (OpenAI).
 * A page that needs another policy (the OAuth result page's nonce) sets its own CSP after this one.
 */
export function securityHeaders(config: Config, callsUrl: string): Middleware {
  // The monitor socket is on this host's MONITOR_PORT (web's monitorUrl uses location.hostname); 'self' would
  // only match PORT. Per request, because one server answers to several names (localhost, 127.0.0.1, a domain).
  const hostOf = new WeakMap<IncomingMessage, string>();
  const fallbackHost = new URL(config.publicUrl).hostname;
  const monitor = (req: IncomingMessage) => {
    const host = hostOf.get(req) ?? fallbackHost;
    return `ws://${host}:${config.monitorPort} wss://${host}:${config.monitorPort}`;
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The build's inline scripts, and the one the server adds to its rendered pages (web/deferred-modules.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDistDir), scriptHash(DEFERRED_MODULE_LOADER)],
        scriptSrcAttr: ["'none'"],
        // React style props and Radix/toast <style> tags: styles cannot run code, and hashing them is unworkable.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Screenshots arrive as data: URLs, the investor photo proxy's answers as blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [
          "'self'",
          monitor,
          ...(config.supabase ? withSocket(config.supabase.url) : []),
          ...(callsUrl ? [new URL(callsUrl).origin] : []),
          // A founder who connects OpenAI in Settings → Model holds their calls with it.
          new URL(MODEL_SETTINGS.openAiBaseUrl).origin,
        ],
        // A cloud machine's noVNC view (LaunchVmModal), on whatever address the cloud gave the machine.
        frameSrc: [`http://*:${VMS.vncPort}`],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The OAuth popup posts its result to window.opener; a COOP on the dashboard or the result page would cut it.
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const hsts = strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

  const run = (middleware: ConnectMiddleware, ctx: Context) =>
    middleware(ctx.req, ctx.res, (err) => {
      if (err) throw err;
    });
  return async (ctx, next) => {
    if (HOSTNAME.test(ctx.hostname)) hostOf.set(ctx.req, ctx.hostname);
    run(headers, ctx);
    if (ctx.secure) run(hsts, ctx);
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    await next();
  };
}
