import type { Context } from 'koa';

/**
 * Aborts when the client goes away before its answer is sent (it gave up, or closed the tab): the recording it
 * sent is then dropped wherever it is, waiting for a recogniser or being recognised, instead of being worked on
 * for nobody.
 */
export function untilClientGone(ctx: Context): AbortSignal {
  const gone = new AbortController();
  const { res } = ctx;
  if (ctx.req.socket.destroyed) gone.abort();
  // The response closes either once it is sent, or when its connection closes first.
  else res.once('close', () => res.writableFinished || gone.abort());
  return gone.signal;
}
