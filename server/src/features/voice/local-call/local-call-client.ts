import WebSocket from 'ws';
import { LOCAL_CALL_PATH, LOCAL_VOICE, LocalCallServerMessage } from '@cofounder/shared';

// Test and benchmark only: a Node client of the local call socket that speaks flite-synthesised sentences as a
// browser streams its microphone (16 kHz 16-bit frames of LOCAL_VOICE.call.frameMs).

const FRAME_SAMPLES = (LOCAL_VOICE.sampleRate * LOCAL_VOICE.call.frameMs) / 1000;

/** Samples as the browser sends them: one binary message per 20 ms frame (the last one zero-padded). */
export function framesOf(samples: Int16Array): Buffer[] {
  const frames: Buffer[] = [];
  for (let at = 0; at < samples.length; at += FRAME_SAMPLES) {
    const frame = new Int16Array(FRAME_SAMPLES);
    frame.set(samples.subarray(at, at + FRAME_SAMPLES));
    frames.push(Buffer.from(frame.buffer));
  }
  return frames;
}

export interface Received {
  /** Text messages, parsed, in order. */
  messages: LocalCallServerMessage[];
  /** Binary messages (spoken answers), with when each arrived (performance.now()). */
  audio: { wav: Buffer; at: number }[];
}

export interface CallClient extends Received {
  socket: WebSocket;
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
  send(message: unknown): void;
  /** Streams frames; `realTime` paces them 20 ms apart as a microphone would. Answers when the last was sent. */
  stream(samples: Int16Array, realTime?: boolean): Promise<number>;
  /** Waits until `test` holds (checked at every message), or fails after `timeoutMs`. */
  until(test: (r: Received) => boolean, timeoutMs?: number): Promise<void>;
}

/** Opens a local call socket on `baseUrl` (http://…); headers e.g. an Origin. */
export function openCallSocket(baseUrl: string, headers: Record<string, string> = {}): Promise<CallClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LOCAL_CALL_PATH}`, { headers });
  const received: Received = { messages: [], audio: [] };
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => (resolve(code), notify())));
  socket.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
    if (isBinary) received.audio.push({ wav: bytes, at: performance.now() });
    else received.messages.push(LocalCallServerMessage.parse(JSON.parse(bytes.toString('utf8'))));
    notify();
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    socket.once('open', () =>
      resolve({
        socket,
        closed,
        ...received,
        send: (message) => socket.send(JSON.stringify(message)),
        async stream(samples, realTime = false) {
          const frames = framesOf(samples);
          const started = performance.now();
          for (const [i, frame] of frames.entries()) {
            if (socket.readyState !== socket.OPEN) break;
            socket.send(frame, { binary: true });
            if (realTime) {
              const due = started + (i + 1) * LOCAL_VOICE.call.frameMs;
              await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
            }
          }
          return performance.now();
        },
        until(test, timeoutMs = 60_000) {
          return new Promise<void>((done, fail) => {
            const check = () => {
              if (!test(received)) return;
              waiters.delete(check);
              clearTimeout(timer);
              done();
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out; received ${JSON.stringify(received.messages)} and ${received.audio.length} audio`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      }),
    );
  });
}
