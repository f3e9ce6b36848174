import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { HostFullError, type HostBrowsers } from './host-browsers.ts';

// The host's API (issue 28 §1), for API processes only: every request carries the host's secret as a bearer token.
//   GET    /v1/health                      this host's capacity and running machines
//   PUT    /v1/machines/{id}               start the machine's browser (503 when the host is full)
//   POST   /v1/machines/{id}/suspend       freeze it / POST …/resume thaw it
//   DELETE /v1/machines/{id}[?purge=1]     stop it (profile kept) or terminate it (profile removed)
//   GET    /v1/machines/{id}/cdp           WebSocket: the browser's DevTools protocol, relayed; a new client ends
//                                          the previous one's connection (one driver per machine). This relay is
//                                          the only way to a host browser's DevTools: browsers have no DevTools port
// The secret never appears in a URL (it would land in logs): it travels in the Authorization header, which
// Playwright's connectOverCDP sends with its `headers` option.

const MACHINE_PATH = /^\/v1\/machines\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/suspend|\/resume|\/cdp)?$/;
/** A screenshot over CDP is a base64 JSON message: allow big frames (ws's default is 100 MiB). */
const MAX_PAYLOAD = 256 * 1024 * 1024;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createHostServer(options: {
  id: string;
  secret: string;
  capacity: number;
  browsers: HostBrowsers;
  log: Logger;
}): Server {
  const { browsers, log } = options;
  const expected = digest(`Bearer ${options.secret}`);
  const authorised = (req: IncomingMessage) => timingSafeEqual(digest(req.headers.authorization ?? ''), expected);
  const relays = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD, perMessageDeflate: false });

  function send(res: ServerResponse, status: number, body?: object): void {
    res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
    res.end(body ? JSON.stringify(body) : undefined);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorised(req)) return send(res, 401, { error: 'Unauthorized' });
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/v1/health' && req.method === 'GET') {
      return send(res, 200, { id: options.id, capacity: options.capacity, machines: browsers.running() });
    }
    const match = MACHINE_PATH.exec(url.pathname);
    if (!match) return send(res, 404, { error: 'Not found' });
    const [, id = '', action] = match;
    if (req.method === 'PUT' && !action) {
      try {
        await browsers.start(id);
      } catch (err) {
        if (err instanceof HostFullError) return send(res, 503, { error: err.message });
        const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
        log.warn({ vmId: id, err: why }, 'machine did not start');
        return send(res, 502, { error: `The machine could not start: ${why}` });
      }
      return send(res, 200, { cdpPath: `/v1/machines/${id}/cdp` });
    }
    if (req.method === 'POST' && (action === '/suspend' || action === '/resume')) {
      const done = action === '/suspend' ? await browsers.suspend(id) : browsers.resume(id);
      return send(res, done ? 204 : 404, done ? undefined : { error: 'The machine is not running on this host.' });
    }
    if (req.method === 'DELETE' && !action) {
      await (url.searchParams.get('purge') === '1' ? browsers.terminate(id) : browsers.stop(id));
      return send(res, 204);
    }
    return send(res, 405, { error: 'Method not allowed' });
  }

  function relay(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!authorised(req)) return refuse('401 Unauthorized');
    const match = MACHINE_PATH.exec(new URL(req.url ?? '/', 'http://host').pathname);
    if (!match || match[2] !== '/cdp') return refuse('404 Not Found');
    const devtools = browsers.devtools(match[1]!);
    if (!devtools) return refuse('404 Not Found');
    // One API process at a time drives a machine: the newest one (the previous driver's connection ends).
    relays.handleUpgrade(req, socket, head, (client) => devtools.drive(client));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error({ err }, 'machine host request failed');
      if (!res.headersSent) send(res, 500, { error: 'Internal error' });
    });
  });
  server.on('upgrade', relay);
  server.on('close', () => {
    for (const client of relays.clients) client.terminate();
  });
  return server;
}
