import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  isUsableToken,
  LOCAL_CALL_CLOSE,
  LOCAL_CALL_PATH,
  LOCAL_CALL_TEXT,
  LocalCallClientMessage,
  VOICE_TEXT,
  type LocalCallServerMessage,
} from '@cofounder/shared';
import type { FeatureDeps } from '../../types.ts';
import { createUsageService } from '../../usage/usage.service.ts';
import { createCallsService, SessionRefusedError, type SessionRefusal } from '../calls.service.ts';
import { createCallAnswers } from './call-answer.ts';
import { startCallSession, type CallSession } from './call-session.ts';
import { startHeartbeat } from '../../../ws/heartbeat.ts';

/** Bounds that keep one socket from holding work or memory without limit. */
const LIMITS = {
  /** The `start` message must arrive within this time. */
  authTimeoutMs: 10_000,
  /** A 20 ms frame is 640 bytes; nothing the browser sends comes near this. */
  maxPayloadBytes: 64 * 1024,
  /** Peers that vanished without a close frame are dropped (and their call metered) after this. */
  heartbeatMs: 30_000,
};

const REFUSAL_TEXT: Record<SessionRefusal, string> = {
  busy: VOICE_TEXT.callInProgress,
  no_minutes: VOICE_TEXT.callLimitReached,
  unavailable: VOICE_TEXT.sessionFailed,
  provider_failed: VOICE_TEXT.sessionFailed,
};

const pathOf = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://local-call').pathname;

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The local voice call's WebSocket (LOCAL_CALL_PATH) on the app's own HTTP server. Browsers cannot set
 * Authorization on a WebSocket, so the access token comes in the first message (`start`) and is verified like a
 * bearer token; a page from another origin is refused at the handshake. Then the call is reserved as a realtime
 * call is (one running call per founder, voice minutes metered, the same refusals) and runs as a CallSession.
 */
export function createLocalCalls(deps: FeatureDeps) {
  const { database, now, log, voice, queue, ai, verifier, config, localSpeech } = deps;
  const db = database.db;
  const usage = createUsageService(db, now);
  const calls = createCallsService({ db, voice, usage, now, log, queue });
  const answer = createCallAnswers({ db, ai, usage, now, log, queue });
  const live = localSpeech?.live ?? null;
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxPayloadBytes });
  const sessions = new Set<CallSession>();

  function json(socket: WebSocket, message: LocalCallServerMessage) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  /** Verifies the token and reserves the call; answers the running session, or null when refused (closed). */
  async function begin(socket: WebSocket, token: string): Promise<CallSession | null> {
    let userId: string;
    try {
      if (!isUsableToken(token)) throw new Error('no token');
      userId = (await verifier.verify(token)).id;
    } catch {
      socket.close(LOCAL_CALL_CLOSE.unauthorized, 'Unauthorized');
      return null;
    }
    const refuse = (error: string) => {
      json(socket, { type: 'ended', error });
      socket.close(1000);
      return null;
    };
    if (!localSpeech) return refuse(LOCAL_CALL_TEXT.unavailable);
    let call: { id: string; maxSeconds: number };
    try {
      call = await calls.reserve(userId);
    } catch (err) {
      if (err instanceof SessionRefusedError) return refuse(REFUSAL_TEXT[err.reason]);
      throw err;
    }
    if (socket.readyState !== socket.OPEN) {
      await calls.endCalls(userId, call.id); // gone while we reserved: it lasted no time
      return null;
    }
    const session = startCallSession({
      userId,
      maxSeconds: call.maxSeconds,
      speech: localSpeech,
      live,
      answer,
      endCall: () => calls.endCalls(userId, call.id),
      log: log.child({ localCall: call.id }),
      peer: {
        send: (message) => json(socket, message),
        sendAudio: (wav) => socket.readyState === socket.OPEN && socket.send(wav, { binary: true }),
        close: () => socket.close(1000),
      },
    });
    sessions.add(session);
    json(socket, { type: 'ready', callId: call.id, maxSeconds: call.maxSeconds });
    return session;
  }

  wss.on('connection', (socket: WebSocket) => {
    socket.on('error', (err) => log.debug({ err }, 'local call socket error'));
    let starting: Promise<CallSession | null> | null = null;
    let session: CallSession | null = null;
    const authTimer = setTimeout(() => starting || socket.close(LOCAL_CALL_CLOSE.unauthorized, 'Unauthorized'), LIMITS.authTimeoutMs);

    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        // Frames sent while the call is being reserved are dropped: the call has not started.
        if (session) session.audio(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer));
        else if (!starting) socket.close(LOCAL_CALL_CLOSE.badMessage, 'Start first');
        return;
      }
      let parsed;
      try {
        parsed = LocalCallClientMessage.safeParse(JSON.parse(String(data)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return void socket.close(LOCAL_CALL_CLOSE.badMessage, 'Unknown message');
      const message = parsed.data;
      if (message.type === 'start') {
        if (starting) return void socket.close(LOCAL_CALL_CLOSE.badMessage, 'Already started');
        clearTimeout(authTimer);
        starting = begin(socket, message.token)
          .then((started) => (session = started))
          .catch((err: unknown) => {
            log.error({ err }, 'local call could not start');
            json(socket, { type: 'ended', error: VOICE_TEXT.sessionFailed });
            socket.close(1011);
            return null;
          });
        return;
      }
      if (!starting) return void socket.close(LOCAL_CALL_CLOSE.unauthorized, 'Unauthorized');
      void starting.then((started) => {
        if (!started) return;
        if (message.type === 'mute') started.mute(message.muted);
        else void started.end();
      });
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      // However the socket went, the call it holds is ended and metered.
      void starting?.then((started) => {
        if (!started) return;
        sessions.delete(started);
        return started.end();
      }).catch((err: unknown) => log.error({ err }, 'local call could not be ended'));
    });
  });

  const stopHeartbeat = startHeartbeat(wss, LIMITS.heartbeatMs);

  return {
    /** For the HTTP server's 'upgrade' event: takes LOCAL_CALL_PATH from an allowed origin, refuses the rest. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
      socket.on('error', (err) => log.debug({ err }, 'local call upgrade error'));
      if (pathOf(req) !== LOCAL_CALL_PATH) return refuseUpgrade(socket, '404 Not Found');
      // Pages of another site must not hold calls with a founder's token (a token is needed anyway; this is the
      // browser's own guard). Clients that are not browsers send no Origin.
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins.has(origin)) return refuseUpgrade(socket, '403 Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },

    /** Ends every call (each metered) and closes the sockets: the server is shutting down. */
    async close(): Promise<void> {
      stopHeartbeat();
      await Promise.allSettled([...sessions].map((s) => s.end()));
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((done) => wss.close(() => done()));
    },
  };
}

export type LocalCalls = ReturnType<typeof createLocalCalls>;
