import { z } from 'zod';
import { ApiErrorBody } from '../errors.ts';
import { ApiError } from './api-error-class.ts';

export { ApiError } from './api-error-class.ts';

/**
 * The shared error body, but with any code: a server newer than this client may answer with a code the enum
 * does not list yet, and its status and message must still reach the screen.
 */
const AnyCodeErrorBody = z.object({ error: ApiErrorBody.shape.error.extend({ code: z.string() }) });

const FlatErrorBody = z.object({ error: z.string(), message: z.string().optional() });

/** Codes for failures that carry only a status (stream error events, bodies that are not JSON errors). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  429: 'rate_limited',
  502: 'ai_unavailable',
};

/** The error code a bare status stands for ("http_error" when the status has no code of its own). */
export function codeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? 'http_error';
}

/** Turns a failed response's status and parsed body into an ApiError (spec 1 §8 "HTTP error! status: N"). */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const parsed = AnyCodeErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, field } = parsed.data.error;
    return new ApiError(status, code, message, field, body);
  }
  // Some spec endpoints (transcription) answer a flat {error, message}: the error text is the code.
  const flat = FlatErrorBody.safeParse(body);
  if (flat.success)
    return new ApiError(status, flat.data.error, flat.data.message ?? flat.data.error, undefined, body);
  return new ApiError(status, 'http_error', `HTTP error! status: ${status}`, undefined, body);
}
