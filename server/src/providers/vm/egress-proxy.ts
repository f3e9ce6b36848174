import { timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { normaliseHost, resolveTarget, urlPort, type Lookup, type ResolvedAddress } from './net-guard.ts';

// The one door every machine's traffic goes through (Chromium runs with --proxy-server pointing here, loopback
// included). Plain http arrives in absolute form, https and websockets as CONNECT tunnels. Each target is checked
// by net-guard and the connection is made to the address that was checked, so a second DNS answer cannot send
// it elsewhere. Refusals are 403 with the reason in BLOCKED_HEADER, which act() reads back for the timeline.

export const BLOCKED_HEADER = 'x-cofounder-blocked';
const CONNECT_TIMEOUT_MS = 15_000;
const REFUSALS_KEPT = 200;
// Hop-by-hop headers (RFC 9110 §7.6.1) belong to the browser→proxy leg, not the upstream one.
const HOP_HEADERS = new Set(['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export interface EgressProxy {
  readonly port: number;
  /** Why the proxy last refused this host, if it did (a refused CONNECT reaches the page only as a tunnel error). */
  refusalFor(host: string): string | null;
  close(): Promise<void>;
}

/** Connects to the first checked address that answers (e.g. localhost → ::1 then 127.0.0.1). */
function connectFirst(addresses: ResolvedAddress[], port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const attempt = (i: number, lastError?: Error) => {
      const target = addresses[i];
      if (!target) return reject(lastError ?? new Error('no address'));
      const socket = connect({ host: target.address, port, family: target.family });
      socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('connect timed out')));
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.removeAllListeners('error');
        resolve(socket);
      });
      socket.once('error', (err) => attempt(i + 1, err));
    };
    attempt(0);
  });
}

function upstreamHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_HEADERS.has(name)) out[name] = value;
  return out;
}

/** Credentials a browser must send (Proxy-Authorization: Basic) when the proxy listens beyond loopback. */
export interface ProxyCredentials {
  username: string;
  password: string;
}

const PROXY_AUTH_REQUIRED =
  'HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="cofounder machines"\r\ncontent-length: 0\r\nconnection: close\r\n\r\n';

/** Whether a request carries these credentials (compared in constant time); true when none are required. */
function authorised(header: string | undefined, credentials: ProxyCredentials | undefined): boolean {
  if (!credentials) return true;
  const expected = Buffer.from(`Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startEgressProxy(options: {
  allowHosts: ReadonlySet<string>;
  log: Logger;
  lookup?: Lookup;
  /** Where it listens: loopback unless machines' browsers run elsewhere (a CDP pool, VM_EGRESS_HOST). */
  host?: string;
  /** Required of every request when set: beyond loopback, no one else may use the proxy. */
  credentials?: ProxyCredentials;
}): Promise<EgressProxy> {
  const { allowHosts, log, credentials } = options;
  const refusals = new Map<string, string>();
  const sockets = new Set<Duplex>();

  async function check(host: string, port: number) {
    const verdict = await resolveTarget(host, port, allowHosts, options.lookup);
    if (!verdict.ok && !verdict.unresolved) {
      log.debug({ host, port, reason: verdict.reason }, 'machine egress refused');
      const key = normaliseHost(host) ?? host;
      refusals.delete(key);
      refusals.set(key, verdict.reason);
      while (refusals.size > REFUSALS_KEPT) refusals.delete(refusals.keys().next().value!);
    }
    return verdict;
  }

  const server: Server = createServer((req, res) => {
    const refuse = (status: number, reason: string) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', [BLOCKED_HEADER]: reason, connection: 'close' });
      res.end(`Blocked: ${reason}\n`);
    };
    if (!authorised(req.headers['proxy-authorization'], credentials)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="cofounder machines"', connection: 'close' });
      return void res.end();
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return refuse(400, 'not a proxy request');
    }
    if (url.protocol !== 'http:') return refuse(400, `${url.protocol} is not proxied`);
    void (async () => {
      const verdict = await check(url.hostname, urlPort(url));
      if (!verdict.ok && verdict.unresolved) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end(`${verdict.reason}\n`);
      }
      if (!verdict.ok) return refuse(403, verdict.reason);
      let socket: Socket;
      try {
        socket = await connectFirst(verdict.addresses, urlPort(url));
      } catch (err) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end(`Could not reach ${url.host}: ${(err as Error).message}\n`);
      }
      const upstream = httpRequest(
        {
          method: req.method,
          path: `${url.pathname}${url.search}`,
          headers: { ...upstreamHeaders(req.headers), host: url.host },
          // Our own socket, already connected to the checked address (no agent: no pooled, unchecked reuse).
          createConnection: () => socket,
        },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upstreamHeaders(upRes.headers));
          upRes.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    })();
  });

  server.on('connect', (req, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!authorised(req.headers['proxy-authorization'], credentials)) return void client.end(PROXY_AUTH_REQUIRED);
    let target: URL | null = null;
    try {
      target = new URL(`http://${req.url ?? ''}`);
    } catch {
      // answered below
    }
    void (async () => {
      const port = target ? Number(target.port || 80) : 0;
      const verdict = target ? await check(target.hostname, port) : { ok: false as const, reason: 'not a valid target' };
      if (!verdict.ok && 'unresolved' in verdict) {
        return void client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      }
      if (!verdict.ok) {
        const body = `Blocked: ${verdict.reason}\n`;
        return void client.end(
          `HTTP/1.1 403 Forbidden\r\n${BLOCKED_HEADER}: ${verdict.reason}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      }
      let upstream: Socket;
      try {
        upstream = await connectFirst(verdict.addresses, port);
      } catch {
        return void client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      }
      if (client.destroyed) return void upstream.destroy();
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    refusalFor: (host) => refusals.get(normaliseHost(host) ?? host) ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The egress proxy of a machine backend, started with its first machine (a server that never opens one never
 * listens); a failed start is tried again on the next machine. refusalFor answers from the running proxy.
 */
export function lazyEgressProxy(options: Parameters<typeof startEgressProxy>[0]) {
  let started: Promise<EgressProxy> | null = null;
  let running: EgressProxy | null = null;
  return {
    start(): Promise<EgressProxy> {
      started ??= startEgressProxy(options).then(
        (proxy) => (running = proxy),
        (err: unknown) => {
          started = null;
          throw err;
        },
      );
      return started;
    },
    refusalFor: (host: string): string | null => running?.refusalFor(host) ?? null,
    async close(): Promise<void> {
      const open = started;
      started = null;
      running = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}
