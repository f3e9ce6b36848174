import type { IncomingMessage } from 'node:http';

/**
 * Reads what is left of a request's body and throws it away, up to `maxBytes`. A server that answers while the
 * client is still sending and then closes the connection makes browsers and fetch report a network error instead
 * of the answer (the close resets the connection under the client's upload), so a refused body is read to its end
 * first. Resolves true when the body ended within the bound (the connection can be kept), false when it did not or
 * the client went away (the connection must close).
 */
export function discardBody(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onGone = () => finish(req.complete);
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
    req.resume();
  });
}
