import { createServer, type IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { isUsableToken, MonitorClientMessage, VMS, type MonitorServerMessage } from '@cofounder/shared';
import type { VmEventMessage, VmEvents } from '../events/vm-events.ts';
import type { TokenVerifier } from '../http/token-verifier.ts';
import { hostnameOf } from '../http/allowed-hosts.ts';
import { startHeartbeat } from './heartbeat.ts';

export interface Monitor {
  port: number;
  close(): Promise<void>;
}

/** Bounds that keep one client from holding memory or work without limit; tests shrink them. */
export interface MonitorLimits {
  /** Without ?token=, the auth message must arrive within this time. */
  authTimeoutMs: number;
  socketsPerUser: number;
  subscriptionsPerSocket: number;
  /** Above this many unsent bytes a client gets no live frames (task events still queue). */
  dropLiveFramesAboveBytes: number;
  /** Above this many unsent bytes a client is closed with 1013 rather than buffered for without bound. */
  closeAboveBytes: number;
  /** A watched machine's watch is renewed this often, well inside its TTL. */
  watchRenewMs: number;
  /** Take-control inputs one socket may send per second; the rest are dropped (one error per second says so). */
  inputsPerSecond: number;
}

export const DEFAULT_MONITOR_LIMITS: MonitorLimits = {
  authTimeoutMs: 10_000,
  socketsPerUser: 10,
  subscriptionsPerSocket: 20,
  dropLiveFramesAboveBytes: 1024 * 1024,
  closeAboveBytes: 4 * 1024 * 1024,
  watchRenewMs: VMS.liveWatchTtlMs / 2,
  inputsPerSecond: VMS.control.inputsPerSecond,
};

export interface MonitorOptions {
  port: number;
  host: string;
  verifier: TokenVerifier;
  log: Logger;
  heartbeatMs?: number;
  /** The machines' live events; without them the socket only authenticates (until the VMs feature is wired). */
  vmEvents?: VmEvents;
  /** Whether the user owns the machine (false for unknown or malformed ids). */
  ownsVm?: (userId: string, vmId: string) => Promise<boolean>;
  limits?: Partial<MonitorLimits>;
  now?: () => number;
  /**
   * The live-view tokens GET /api/vms/{id}/vnc hands out (features/vms/view-token.ts): accepted instead of an
   * access token, for that one machine only.
   */
  viewTokens?: { prefix: string; verify(token: string): { userId: string; vmId: string } | null };
  /** On a local install: the host names the socket answers to (http/allowed-hosts.ts); absent: any. */
  hostAllowed?: (hostname: string) => boolean;
}

/** Close code for a missing or invalid token (4000-4999 is the application range; 4401 reads as "401"). */
export const CLOSE_UNAUTHORIZED = 4401;
/** Close code for a user over the per-user socket cap ("429"). */
export const CLOSE_TOO_MANY = 4429;
/** RFC 6455 "Try again later": the client read too slowly. */
export const CLOSE_SLOW = 1013;

interface Client {
  socket: WebSocket;
  userId: string | null;
  /** Signed in with a view token: the one machine it may watch; null with an access token. */
  onlyVm: string | null;
  vmIds: Set<string>;
  /** Messages are handled one at a time, so a subscribe sent right after ?token= waits for the token check. */
  queue: Promise<void>;
  /** Take-control inputs in the current one-second window (rate limit). */
  inputs: { windowStart: number; count: number };
  /** Machines this socket took control of: handed back when it leaves them, so the AI never waits for a closed tab. */
  controlling: Set<string>;
}

type ControlMessage = Extract<MonitorClientMessage, { type: 'take_control' | 'hand_back' | 'input' }>;

const pathOf = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://monitor').pathname;
const queryToken = (req: IncomingMessage) =>
  new URL(req.url ?? '/', 'http://monitor').searchParams.get('token');

/**
 * The live monitor socket on MONITOR_PORT, path VMS.monitorPath. Browsers cannot set headers on a WebSocket,
 * so the access token comes as `?token=` or in a first `auth` message, and is verified exactly like a bearer
 * token. A client subscribes to machines it owns and receives their events as they happen in any server
 * process. A heartbeat ping drops peers that vanished without a close frame (sleeping laptops, dropped Wi-Fi).
 */
export function startMonitor(opts: MonitorOptions): Promise<Monitor> {
  const limits = { ...DEFAULT_MONITOR_LIMITS, ...opts.limits };
  const now = opts.now ?? Date.now;
  const http = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const socketsOfUser = new Map<string, number>();
  /** The sockets subscribed to each machine, in this process. */
  const watchers = new Map<string, Set<Client>>();

  http.on('upgrade', (req, socket, head) => {
    socket.on('error', (err) => opts.log.debug({ err }, 'monitor upgrade error'));
    if (pathOf(req) !== VMS.monitorPath) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (opts.hostAllowed && !opts.hostAllowed(hostnameOf(req))) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const send = (client: Client, message: MonitorServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  };
  const fail = (client: Client, vmId: string | null, message: string) =>
    send(client, { type: 'error', vmId, timestamp: new Date(now()).toISOString(), message });

  const requestWatch = (vmId: string) =>
    opts.vmEvents
      ?.requestWatch(vmId)
      .catch((err: unknown) => opts.log.warn({ err, vmId }, 'watch request failed'));

  function unsubscribe(client: Client, vmId: string): void {
    if (client.controlling.delete(vmId) && client.userId !== null) {
      opts.vmEvents
        ?.requestControl({ type: 'hand_back', vmId, userId: client.userId })
        .catch((err: unknown) => opts.log.warn({ err, vmId }, 'hand back not sent'));
    }
    client.vmIds.delete(vmId);
    const set = watchers.get(vmId);
    set?.delete(client);
    if (set?.size === 0) watchers.delete(vmId);
  }

  function release(client: Client): void {
    for (const vmId of [...client.vmIds]) unsubscribe(client, vmId);
    if (client.userId === null) return;
    const left = (socketsOfUser.get(client.userId) ?? 1) - 1;
    if (left > 0) socketsOfUser.set(client.userId, left);
    else socketsOfUser.delete(client.userId);
  }

  /** A view token's grant, an access token's user, or an error for anything else. */
  async function identify(token: string | null): Promise<{ id: string; onlyVm: string | null }> {
    if (token && opts.viewTokens && token.startsWith(opts.viewTokens.prefix)) {
      const grant = opts.viewTokens.verify(token);
      if (!grant) throw new Error('bad view token');
      return { id: grant.userId, onlyVm: grant.vmId };
    }
    if (!isUsableToken(token)) throw new Error('no token');
    return { id: (await opts.verifier.verify(token)).id, onlyVm: null };
  }

  async function authenticate(client: Client, token: string | null): Promise<void> {
    try {
      const user = await identify(token);
      if (client.socket.readyState !== client.socket.OPEN) return;
      const count = socketsOfUser.get(user.id) ?? 0;
      if (count >= limits.socketsPerUser) {
        client.socket.close(CLOSE_TOO_MANY, 'Too many monitor connections');
        return;
      }
      socketsOfUser.set(user.id, count + 1);
      client.userId = user.id;
      client.onlyVm = user.onlyVm;
      send(client, { type: 'hello', userId: user.id });
    } catch {
      client.socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
    }
  }

  async function subscribe(client: Client, userId: string, vmId: string): Promise<void> {
    if (!client.vmIds.has(vmId)) {
      if (client.vmIds.size >= limits.subscriptionsPerSocket)
        return fail(client, vmId, 'Too many subscriptions');
      if (!opts.vmEvents || !opts.ownsVm) return fail(client, vmId, 'Live updates are not available');
      if (client.onlyVm !== null && client.onlyVm !== vmId) return fail(client, vmId, VMS.texts.notFound);
      const owns = await opts.ownsVm(userId, vmId).catch((err: unknown) => {
        opts.log.error({ err, vmId }, 'monitor ownership check failed');
        return false;
      });
      if (!owns) return fail(client, vmId, VMS.texts.notFound);
      if (client.socket.readyState !== client.socket.OPEN) return;
      client.vmIds.add(vmId);
      let set = watchers.get(vmId);
      if (!set) watchers.set(vmId, (set = new Set()));
      set.add(client);
    }
    send(client, { type: 'subscribed', vmId, timestamp: new Date(now()).toISOString() });
    void requestWatch(vmId);
  }

  /** Whether one more input fits this socket's rate; the first one over in a window is told, the rest dropped quietly. */
  function inputAllowed(client: Client, vmId: string): boolean {
    const at = now();
    if (at - client.inputs.windowStart >= 1000) client.inputs = { windowStart: at, count: 0 };
    client.inputs.count++;
    if (client.inputs.count <= limits.inputsPerSecond) return true;
    if (client.inputs.count === limits.inputsPerSecond + 1) fail(client, vmId, VMS.texts.controlTooFast);
    return false;
  }

  /**
   * Take control, hand back and the founder's inputs: only for a machine this socket subscribed to (its owner, or
   * the holder of its view token), handed to the process that runs it (features/vms/founder-control.ts).
   */
  async function control(client: Client, userId: string, message: ControlMessage): Promise<void> {
    if (!client.vmIds.has(message.vmId) || !opts.vmEvents) return fail(client, message.vmId, VMS.texts.controlNotHere);
    if (message.type === 'input' && !inputAllowed(client, message.vmId)) return;
    if (message.type === 'take_control') client.controlling.add(message.vmId);
    if (message.type === 'hand_back') client.controlling.delete(message.vmId);
    await opts.vmEvents
      .requestControl({ ...message, userId })
      .catch((err: unknown) => opts.log.warn({ err, vmId: message.vmId }, 'control command not sent'));
  }

  async function handle(client: Client, data: RawData, isBinary: boolean): Promise<void> {
    let parsed: ReturnType<typeof MonitorClientMessage.safeParse>;
    try {
      parsed = MonitorClientMessage.safeParse(isBinary ? undefined : JSON.parse(String(data)));
    } catch {
      return fail(client, null, 'Messages must be JSON');
    }
    if (!parsed.success)
      return fail(client, null, 'Unknown message: expected auth, subscribe, unsubscribe, take_control, hand_back or input');
    const message = parsed.data;
    if (client.userId === null) {
      // Only reached without ?token=: the first message must be the token.
      if (message.type !== 'auth') return void client.socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
      return authenticate(client, message.token);
    }
    if (message.type === 'auth') return fail(client, null, 'Already authenticated');
    if (message.type === 'subscribe') return subscribe(client, client.userId, message.vmId);
    if (message.type === 'unsubscribe') return unsubscribe(client, message.vmId);
    return control(client, client.userId, message);
  }

  wss.on('connection', (socket, req) => {
    socket.on('error', (err) => opts.log.debug({ err }, 'monitor socket error'));
    const client: Client = {
      socket,
      userId: null,
      onlyVm: null,
      vmIds: new Set(),
      queue: Promise.resolve(),
      inputs: { windowStart: 0, count: 0 },
      controlling: new Set(),
    };
    const token = queryToken(req);
    let authTimer: NodeJS.Timeout | null = null;
    if (token) {
      client.queue = authenticate(client, token);
    } else {
      authTimer = setTimeout(
        () => client.userId === null && socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized'),
        limits.authTimeoutMs,
      );
    }
    socket.on('message', (data, isBinary) => {
      client.queue = client.queue
        .then(() => (socket.readyState === socket.OPEN ? handle(client, data, isBinary) : undefined))
        .catch((err: unknown) => opts.log.error({ err }, 'monitor message failed'));
    });
    socket.on('close', () => {
      if (authTimer) clearTimeout(authTimer);
      release(client);
    });
  });

  /** Sends one machine event to its subscribers here: serialized once, however many sockets watch. */
  function fanOut(userId: string, message: VmEventMessage): void {
    const set = message.vmId === null ? undefined : watchers.get(message.vmId);
    if (!set) return;
    const live = message.type === 'screenshot' && message.live;
    let text: string | undefined;
    for (const client of [...set]) {
      // Subscriptions are checked at subscribe; this keeps a stray event from ever reaching another user.
      if (client.userId !== userId || client.socket.readyState !== client.socket.OPEN) continue;
      const unsent = client.socket.bufferedAmount;
      if (unsent > limits.closeAboveBytes) {
        // No more events while its close frame waits behind the backlog.
        for (const vmId of [...client.vmIds]) unsubscribe(client, vmId);
        client.socket.close(CLOSE_SLOW, 'Try again later');
        continue;
      }
      if (live && unsent > limits.dropLiveFramesAboveBytes) continue;
      client.socket.send((text ??= JSON.stringify(message)));
    }
  }
  const stopEvents = opts.vmEvents?.subscribe(fanOut, (vmId) => watchers.has(vmId));

  const renewWatches = setInterval(() => {
    for (const vmId of watchers.keys()) void requestWatch(vmId);
  }, limits.watchRenewMs);
  renewWatches.unref();

  const stopHeartbeat = startHeartbeat(wss, opts.heartbeatMs ?? 30_000);

  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, opts.host, () => {
      http.off('error', reject);
      http.on('error', (err) => opts.log.error({ err }, 'monitor server error'));
      const address = http.address();
      resolve({
        port: address && typeof address === 'object' ? address.port : opts.port,
        close: () =>
          new Promise<void>((done) => {
            stopHeartbeat();
            clearInterval(renewWatches);
            stopEvents?.();
            for (const socket of wss.clients) socket.close(1001, 'Server shutting down');
            // Peers that never answer the close frame must not hold up shutdown.
            const stragglers = setTimeout(() => wss.clients.forEach((s) => s.terminate()), 2000);
            wss.close(() => {
              clearTimeout(stragglers);
              http.close(() => done());
              http.closeAllConnections();
            });
          }),
      });
    });
  });
}
