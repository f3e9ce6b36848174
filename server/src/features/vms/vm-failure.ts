import type { Middleware } from 'koa';

/**
 * A machine provider failure (502: it refused or broke) or its absence (503: this server cannot run machines).
 * No /api error code stands for these; the body keeps the usual { error: { code, message } } shape.
 */
export class VmFailure extends Error {
  override name = 'VmFailure';
  constructor(
    readonly status: 502 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** Answers a VmFailure thrown by a VMs or computer-use route. */
export const vmFailures: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (!(err instanceof VmFailure)) throw err;
    ctx.status = err.status;
    ctx.body = { error: { code: err.status === 503 ? 'unavailable' : 'provider_failed', message: err.message } };
  }
};
