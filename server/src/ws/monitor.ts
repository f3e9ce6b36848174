import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { isUsableToken } from '@cofounder/shared';
import type { TokenVerifier } from '../features/auth/verifier.ts';

export interface Monitor {
  port: number;
  close(): Promise<void>;
}

export interface MonitorOptions {
  port: number;
  host: string;
  verifier: TokenVerifier;
  log: Logger;
  heartbeatMs?: number;
}

/** Close code for a missing or invalid token (4000-4999 is the application range; 4401 reads as "401"). */
export const CLOSE_UNAUTHORIZED = 4401;

function tokenOf(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://monitor').searchParams.get('token');
}

/**
 * The live monitor socket on MONITOR_PORT. Browsers cannot set headers on a WebSocket, so the access token
 * comes as `?token=` and is verified exactly like a bearer token. A heartbeat ping drops peers that vanished
 * without a close frame (sleeping laptops, dropped Wi-Fi) so they do not pile up.
 */
export function startMonitor(opts: MonitorOptions): Promise<Monitor> {
  const wss = new WebSocketServer({ port: opts.port, host: opts.host, maxPayload: 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  wss.on('connection', async (socket, req) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('error', (err) => opts.log.debug({ err }, 'monitor socket error'));
    const token = tokenOf(req);
    try {
      if (!isUsableToken(token)) throw new Error('no token');
      const user = await opts.verifier.verify(token);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'hello', userId: user.id }));
    } catch {
      socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
    }
  });

  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  return new Promise((resolve, reject) => {
    wss.once('error', reject);
    wss.once('listening', () => {
      wss.off('error', reject);
      wss.on('error', (err) => opts.log.error({ err }, 'monitor server error'));
      const address = wss.address();
      resolve({
        port: address && typeof address === 'object' ? address.port : opts.port,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(heartbeat);
            for (const socket of wss.clients) socket.close(1001, 'Server shutting down');
            // Peers that never answer the close frame must not hold up shutdown.
            const stragglers = setTimeout(() => wss.clients.forEach((s) => s.terminate()), 2000);
            wss.close(() => {
              clearTimeout(stragglers);
              done();
            });
          }),
      });
    });
  });
}
