import type { Middleware } from 'koa';
import { type ApiErrorCode, VMS } from '@cofounder/shared';

/**
 * A machine provider failure (502: it refused or broke), its absence (503 `unavailable`: this server cannot run
 * machines) or a full server (503 `server_busy` with Retry-After: it already runs its cap of machines).
 * The body keeps the usual { error: { code, message } } shape with the shared codes below.
 */
export class VmFailure extends Error {
  override name = 'VmFailure';
  constructor(
    readonly status: 502 | 503,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** The server runs as many machines as it may: come back later (never a 502, nothing is broken). */
  static serverBusy(text: string = VMS.texts.serverBusy): VmFailure {
    return new VmFailure(503, text, VMS.serverBusyRetryAfterSeconds);
  }
}

function codeOf(err: VmFailure): ApiErrorCode {
  if (err.status === 502) return 'provider_failed';
  return err.retryAfterSeconds === null ? 'unavailable' : 'server_busy';
}

/** Answers a VmFailure thrown by a VMs or computer-use route. */
export const vmFailures: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (!(err instanceof VmFailure)) throw err;
    if (err.retryAfterSeconds !== null) ctx.set('Retry-After', String(err.retryAfterSeconds));
    ctx.status = err.status;
    ctx.body = { error: { code: codeOf(err), message: err.message } };
  }
};
