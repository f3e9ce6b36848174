import type { Logger } from 'pino';

/**
 * Socket errors that only mean the client went away mid-response (a closed tab, a cancelled download or event
 * stream). They are normal traffic, not server faults.
 */
const CLIENT_HANGUP_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

const isClientHangup = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  CLIENT_HANGUP_CODES.has((err as { code?: unknown }).code as string);

/** Koa's 'error' listener: a client hanging up is logged at debug, anything else at error. */
export function logHttpError(log: Logger): (err: unknown) => void {
  return (err) => {
    if (isClientHangup(err)) log.debug({ err }, 'client closed the connection before the response ended');
    else log.error({ err }, 'http error');
  };
}
