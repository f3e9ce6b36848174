import { write, writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

/** Log lines waiting for a slow reader past this many bytes are dropped instead of held. */
const MAX_QUEUED_BYTES = 1024 * 1024;

export interface LogOutput extends DestinationStream {
  /** At exit: what is still queued, written with one try, unless a write is stuck on a slow reader. */
  flushSync(): void;
}

/**
 * Where the server's log lines go (standard output by default). A destination that fails costs lines, never the
 * server: a reader that went away (EPIPE), a full disk under a redirect (ENOSPC), a hung-up terminal (EIO) or a reader
 * that stopped reading each drop what could not be written. pino's own destination retries some of those forever,
 * also at exit, so a server whose output was gone ignored SIGTERM.
 */
export function createLogOutput(fd = 1): LogOutput {
  let queue: Buffer[] = [];
  let queuedBytes = 0;
  let writing = false;

  const take = (): Buffer => {
    const chunk = Buffer.concat(queue);
    queue = [];
    queuedBytes = 0;
    return chunk;
  };

  function pump(): void {
    if (writing || queuedBytes === 0) return;
    writing = true;
    const chunk = take();
    write(fd, chunk, (err, written) => {
      writing = false;
      // A failed write's lines are lost; what a partial write left goes first next time.
      if (!err && written < chunk.length) {
        queue.unshift(chunk.subarray(written));
        queuedBytes += chunk.length - written;
      }
      pump();
    });
  }

  return {
    write(line: string) {
      const data = Buffer.from(line);
      if (queuedBytes + data.length > MAX_QUEUED_BYTES) return;
      queue.push(data);
      queuedBytes += data.length;
      pump();
    },
    flushSync() {
      if (writing || queuedBytes === 0) return;
      try {
        writeSync(fd, take());
      } catch {
        // Lost, like any line the destination refuses.
      }
    },
  };
}

/**
 * Standard output and error lose what they cannot write (the start-up banner, a warning) instead of failing the
 * server with an unhandled 'error' when their reader or disk is gone.
 */
export function ignoreStdioWriteErrors(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
