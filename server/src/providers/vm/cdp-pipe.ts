import type { Readable, Writable } from 'node:stream';

// The DevTools protocol over the two file descriptors Chromium reads and writes with --remote-debugging-pipe: JSON
// messages, each ended by a NUL byte. Unlike a DevTools port, a pipe reaches only the process that spawned the
// browser: no other program on the machine can list its pages or drive it.

export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  sessionId?: string;
}

const SEPARATOR = 0;

export class CdpPipe {
  /** Resolves once the browser's end is gone (it exited or closed the pipe). */
  readonly closed: Promise<void>;
  private lastId = 0;
  private readonly calls = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (err: Error) => void }>();
  private readonly listeners = new Set<(message: CdpMessage) => void>();
  private partial: Buffer[] = [];
  private ended = false;

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    // A browser that dies mid-write leaves EPIPE behind: the 'closed' promise reports it, not an uncaught error.
    toBrowser.on('error', () => {});
    this.closed = new Promise((resolve) => {
      const end = () => {
        if (this.ended) return;
        this.ended = true;
        for (const pending of this.calls.values()) pending.reject(new Error('The browser closed its DevTools pipe.'));
        this.calls.clear();
        resolve();
      };
      fromBrowser.on('end', end);
      fromBrowser.on('close', end);
      fromBrowser.on('error', end);
    });
    fromBrowser.on('data', (chunk: Buffer) => this.read(chunk));
  }

  /** An id no other command on this pipe uses: callers that forward others' commands renumber them with it. */
  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  send(message: CdpMessage): void {
    if (this.ended) return;
    this.toBrowser.write(`${JSON.stringify(message)}\0`);
  }

  /** Sends a command of our own; resolves with its result (rejects with the browser's error text). */
  call(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    if (this.ended) return Promise.reject(new Error('The browser closed its DevTools pipe.'));
    const id = this.nextId();
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.send({ id, method, params });
    });
  }

  /** Every message that is not the answer to one of call()'s commands. */
  onMessage(listener: (message: CdpMessage) => void): void {
    this.listeners.add(listener);
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(SEPARATOR); end !== -1; end = chunk.indexOf(SEPARATOR, start)) {
      this.partial.push(chunk.subarray(start, end));
      const text = Buffer.concat(this.partial).toString('utf8');
      this.partial = [];
      start = end + 1;
      let message: CdpMessage;
      try {
        message = JSON.parse(text) as CdpMessage;
      } catch {
        continue; // Chromium writes only JSON; anything else is not a message
      }
      this.dispatch(message);
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }

  private dispatch(message: CdpMessage): void {
    const pending = message.id === undefined ? undefined : this.calls.get(message.id);
    if (pending) {
      this.calls.delete(message.id!);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result ?? {});
      return;
    }
    for (const listener of this.listeners) listener(message);
  }
}
