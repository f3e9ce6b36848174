import type { Middleware } from 'koa';
import { DISK_FULL_TEXT, type ApiErrorBody, type ApiErrorCode, type StorePart } from '@cofounder/shared';
import { AiError } from '../providers/ai/port.ts';
import { diskFullPart } from './disk-full.ts';

const STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  ai_unavailable: 502,
  conflict: 409,
  payment_required: 402,
  provider_failed: 502,
  unavailable: 503,
  server_busy: 503,
  insufficient_storage: 507,
};

/** The one error type of /api: middleware turns it into `{ error: { code, message, field? } }` with its status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  /** Seconds a rate-limited client should wait (sent as Retry-After). */
  retryAfterSeconds?: number;

  /** 429 with Retry-After: the client may try again after that many seconds. */
  static rateLimited(message: string, retryAfterSeconds: number): AppError {
    const err = new AppError('rate_limited', message);
    err.retryAfterSeconds = retryAfterSeconds;
    return err;
  }

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

const CODE_BY_STATUS: Record<number, ApiErrorCode> = Object.fromEntries(
  Object.entries(STATUS).map(([code, status]) => [status, code as ApiErrorCode]),
);
CODE_BY_STATUS[400] = 'bad_request';

/** Koa's own client errors (ctx.throw, http-errors) carry an exposed status. */
function httpStatusOf(err: unknown): number | null {
  if (typeof err !== 'object' || err === null) return null;
  const { status, expose } = err as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && expose === true ? status : null;
}

function errorBody(code: ApiErrorCode, message: string, field?: string): ApiErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

/**
 * Outermost error boundary: AppErrors keep their code; a model's failure is a 502 with its reason (as chat answers
 * it); a write the disk had no room for is a 507 (`onDiskFull` hears of it, for /api/health); anything else is a
 * bug, logged with its stack and answered as a bare 500 so no internals (SQL, paths) leak to the client. Also turns
 * an unmatched /api path into a JSON 404 instead of Koa's text one.
 */
export function errorHandler({ onDiskFull }: { onDiskFull: (part: StorePart) => void }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null && /^\/(api|auth)(\/|$)/.test(ctx.path)) {
        throw new AppError('not_found', 'Not found');
      }
    } catch (err) {
      if (err instanceof AppError) {
        if (err.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(err.retryAfterSeconds));
        ctx.status = err.status;
        ctx.body = errorBody(err.code, err.message, err.field);
        return;
      }
      if (err instanceof AiError) {
        ctx.status = STATUS.ai_unavailable;
        ctx.body = errorBody('ai_unavailable', err.message);
        return;
      }
      const fullPart = diskFullPart(err);
      if (fullPart) {
        ctx.state.log?.error({ err, part: fullPart }, 'disk full: a write was refused');
        onDiskFull(fullPart);
        ctx.status = STATUS.insufficient_storage;
        ctx.body = errorBody('insufficient_storage', DISK_FULL_TEXT);
        return;
      }
      const status = httpStatusOf(err);
      if (status !== null && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = errorBody(CODE_BY_STATUS[status] ?? 'bad_request', (err as Error).message);
        return;
      }
      ctx.state.log?.error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = errorBody('internal', 'Internal server error');
    }
  };
}
