import { constants, open as openFd } from 'node:fs';
import { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** How often the FIFO is tried again while pocketsphinx is still loading its model (a real wait: a test's faked
 * clock must not hold a recogniser's input back). */
const FIFO_RETRY_MS = 20;

/**
 * The writing end of a FIFO, opened once the reader has opened its end. A blocking open would hold one of libuv's
 * four file-system threads until then, and forever if the reader never came; so it is opened non-blocking (which
 * fails with ENXIO while there is no reader), retried, and written through a socket (no thread blocks on a full
 * pipe). What is written before is kept and sent on; `end()` closes it (the reader sees the end of the file).
 */
export function fifoWriter(path: string, readerGone: Promise<unknown>) {
  const before: Buffer[] = [];
  let socket: Socket | null = null;
  let ending = false;
  let gone = false;
  void readerGone.catch(() => undefined).finally(() => (gone = true));
  const openNonBlocking = () =>
    new Promise<number>((resolve, reject) =>
      openFd(path, constants.O_WRONLY | constants.O_NONBLOCK, (err, fd) => (err ? reject(err) : resolve(fd))),
    );
  void (async () => {
    while (!gone) {
      try {
        socket = new Socket({ fd: await openNonBlocking(), readable: false, writable: true });
        socket.on('error', () => undefined); // the reader died: whoever waits for it reports why
        for (const chunk of before.splice(0)) socket.write(chunk);
        if (ending) socket.end();
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENXIO') return;
        await delay(FIFO_RETRY_MS);
      }
    }
  })();
  return {
    write(chunk: Buffer) {
      if (ending) return;
      if (socket) socket.write(chunk);
      else before.push(chunk);
    },
    end() {
      ending = true;
      socket?.end();
    },
  };
}
