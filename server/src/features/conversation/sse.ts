import type { Context } from 'koa';
import type { ChatStreamError, SendMessageResponse } from '@cofounder/shared';
import { AppError } from '../../http/errors.ts';
import type { ChatTurn } from './conversation.service.ts';

/** The client asked for the streamed variant. */
export const wantsEventStream = (ctx: Context): boolean => ctx.get('accept').includes('text/event-stream');

/**
 * Runs a turn as Server-Sent Events: headers go out at once, then `delta` {text} per model chunk, then
 * `done` with the SendMessageResponse, or `error` {status, error}. Koa's response handling is bypassed
 * (ctx.respond = false) so nothing buffers; the handler awaits the whole stream, so the request log line
 * is still written once, after the last event, with status 200.
 */
export async function streamTurn(ctx: Context, turn: ChatTurn): Promise<void> {
  ctx.respond = false;
  ctx.status = 200;
  const res = ctx.res;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // Reverse proxies (nginx) must pass each event through rather than buffer the response.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const send = (event: 'delta' | 'done' | 'error', data: { text: string } | SendMessageResponse | ChatStreamError) => {
    // A closed tab stops receiving, but the turn still finishes and is stored: the reply is there on reload.
    if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    send('done', await turn.run((text) => send('delta', { text })));
  } catch (err) {
    if (!(err instanceof AppError)) ctx.state.log?.error({ err }, 'streamed reply failed');
    send('error', err instanceof AppError ? { status: err.status, error: err.message } : { status: 500, error: 'Internal server error' });
  } finally {
    res.end();
  }
}
