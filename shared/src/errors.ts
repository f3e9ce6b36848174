import { z } from 'zod';

/** Error codes the API answers with in `{ error: { code, message, field? } }`. */
export const ApiErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'payload_too_large',
  'rate_limited',
  'internal',
  /** The AI provider failed, rate-limited us or returned nothing (502). */
  'ai_unavailable',
  /** The change is not allowed from the resource's current state, e.g. a forbidden task status move (409). */
  'conflict',
  /** The free trial ended and no paid plan holds (402): the client shows an upgrade prompt. */
  'payment_required',
  /** An outside provider (a machine provider) refused or broke (502). */
  'provider_failed',
  /** This server cannot offer the feature at all, e.g. it has no machine provider (503). */
  'unavailable',
  /** The server runs as much as it may right now (503 with Retry-After): come back later. */
  'server_busy',
  /** The server's disk is full, so nothing could be saved (507): the operator must free space. */
  'insufficient_storage',
]);
export type ApiErrorCode = z.infer<typeof ApiErrorCode>;

/**
 * The answer to a write that found the server's disk full (507): the founder's change was not saved, and nothing
 * they can change in the request will help; the server's operator has to free space.
 */
export const DISK_FULL_TEXT =
  "The server's disk is full, so this could not be saved. Try again once space has been freed on the server.";

/** The JSON error body of every `/api` route. */
export const ApiErrorBody = z.object({
  error: z.object({ code: ApiErrorCode, message: z.string(), field: z.string().optional() }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * Supabase Auth error codes the local `/auth/v1` answers with (the same codes hosted Supabase uses),
 * so the web maps them to spec 1 §8 texts in one place whichever backend is behind it.
 */
export const AuthErrorCode = z.enum([
  'bad_json',
  'validation_failed',
  'email_address_invalid',
  'email_not_confirmed',
  'invalid_credentials',
  'user_already_exists',
  'weak_password',
  'same_password',
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'signup_disabled',
  'user_not_found',
  'session_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
  'otp_expired',
  'provider_disabled',
  'unexpected_failure',
]);
export type AuthErrorCode = z.infer<typeof AuthErrorCode>;

/**
 * The answer of every local-only convenience (dev mailbox, local checkout, SMS simulator, /dev pages) to a client on
 * another machine: they act for every account on the server, so only the machine running it may use them.
 */
export const LOCAL_ONLY_TEXT =
  'This local-only tool answers only on the machine running Cofounder: open it there, or configure the real provider.';

/**
 * The answer of a local install to a request that names it by a host name it does not know: a page on another
 * site can point its own name at this machine's address (DNS rebinding), and this is how the server tells.
 */
export const HOST_NOT_ALLOWED_TEXT =
  'This Cofounder server does not answer to that host name. Open it at localhost (or its own address); to use another name, add it to ALLOWED_HOSTS and restart the server.';
