import { diskFullPart } from '../../http/disk-full.ts';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { AuthErrorCode } from '@cofounder/shared';
import { AppError } from '../../http/errors.ts';

/** An /auth/v1 failure in Supabase Auth's terms: HTTP status, error code, message, optional extra fields. */
export class AuthApiError extends Error {
  override name = 'AuthApiError';
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Sent as Retry-After on a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The errors with fixed texts, worded as hosted Supabase words them so the web maps both the same way. */
export const authErrors = {
  invalidCredentials: () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed'),
  userExists: () => new AuthApiError(422, 'user_already_exists', 'User already registered'),
  signupDisabled: () => new AuthApiError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  weakPassword: (min: number) =>
    new AuthApiError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthApiError(422, 'same_password', 'New password should be different from the old password.'),
  rateLimited: (retryAfterSeconds: number) =>
    new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, Math.max(1, Math.ceil(retryAfterSeconds))),
  emailCooldown: (seconds: number) =>
    new AuthApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      seconds,
    ),
  otpExpired: () => new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid'),
  refreshNotFound: () =>
    new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshReused: () =>
    new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  validation: (message: string) => new AuthApiError(400, 'validation_failed', message),
  noAuthorization: (message = 'This endpoint requires a valid Bearer token') =>
    new AuthApiError(401, 'no_authorization', message),
  badJwt: (message: string) => new AuthApiError(401, 'bad_jwt', `invalid JWT: ${message}`),
  sessionNotFound: () =>
    new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
};

const API_VERSION = '2024-01-01';

/**
 * Renders errors the way supabase-js parses them: with the X-Supabase-Api-Version request header (which
 * supabase-js always sends) as `{code, message}` and the header echoed; without it in the older
 * `{code: status, error_code, msg}` form. Client faults must stay 4xx: supabase-js retries 5xx.
 */
function render(ctx: Context, status: number, code: AuthErrorCode, message: string, extra: Record<string, unknown>) {
  ctx.status = status;
  ctx.body = ctx.get('x-supabase-api-version')
    ? { code, message, ...extra }
    : { code: status, error_code: code, msg: message, ...extra };
}

function fromAppError(err: AppError): AuthApiError {
  if (err.code === 'payload_too_large') return new AuthApiError(413, 'validation_failed', err.message);
  if (err.code === 'bad_request') return new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${err.message}`);
  return new AuthApiError(err.status >= 500 ? 500 : err.status, 'validation_failed', err.message);
}

/** Error boundary of the /auth/v1 router (inside the app-wide one, which never sees these errors). */
export function authErrorBoundary(): Middleware {
  return async (ctx, next) => {
    if (ctx.get('x-supabase-api-version')) ctx.set('X-Supabase-Api-Version', API_VERSION);
    try {
      await next();
    } catch (err) {
      const e = err instanceof AppError ? fromAppError(err) : err;
      // A full disk is answered by the app-wide boundary (507, and /api/health hears of it).
      if (diskFullPart(e)) throw e;
      if (e instanceof AuthApiError) {
        if (e.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(e.retryAfterSeconds));
        return render(ctx, e.status, e.code, e.message, e.extra);
      }
      ctx.state.log?.error({ err }, 'auth failure');
      render(ctx, 500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information', {});
    }
  };
}

/** Parses an /auth/v1 body with its shared schema; a bad email gets Supabase's own code, anything else validation_failed. */
export function parseAuthBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const given = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (field === 'email' && typeof given === 'string') {
    throw new AuthApiError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  }
  throw authErrors.validation(field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input'));
}
