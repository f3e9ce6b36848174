import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Pings every client of `wss` each `intervalMs` and terminates one that did not answer the previous ping (a tab
 * that vanished without closing its socket). Answers the function that stops it.
 */
export function startHeartbeat(wss: WebSocketServer, intervalMs: number): () => void {
  const alive = new WeakMap<WebSocket, boolean>();
  const track = (socket: WebSocket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
  };
  wss.on('connection', track);
  const timer = setInterval(() => {
    for (const socket of wss.clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    wss.off('connection', track);
  };
}
