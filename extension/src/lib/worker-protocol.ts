import * as z from 'zod/mini';

/**
 * What extension pages ask the background worker. The worker holds the one auth client (it refreshes an expired
 * token, so a rotated refresh token is never spent twice) and makes the popup's API calls, so the popup loads
 * neither the auth library nor the full zod. Pages import only the types of this file; the worker validates with it.
 */
const ServerUrl = z.url();

export const SessionMessage = z.discriminatedUnion('op', [
  z.object({ type: z.literal('session'), op: z.literal('get'), serverUrl: ServerUrl }),
  z.object({ type: z.literal('session'), op: z.literal('sign-out'), serverUrl: ServerUrl }),
]);
export type SessionMessage = z.infer<typeof SessionMessage>;

/** The API calls a page may have the worker make, each with its arguments. */
export const ApiRelayMessage = z.discriminatedUnion('method', [
  z.object({ type: z.literal('api'), serverUrl: ServerUrl, method: z.literal('config'), args: z.tuple([]) }),
  z.object({ type: z.literal('api'), serverUrl: ServerUrl, method: z.literal('me'), args: z.tuple([]) }),
  z.object({
    type: z.literal('api'),
    serverUrl: ServerUrl,
    method: z.literal('usageDetails'),
    args: z.tuple([]),
  }),
  z.object({
    type: z.literal('api'),
    serverUrl: ServerUrl,
    method: z.literal('connections'),
    args: z.tuple([]),
  }),
  z.object({
    type: z.literal('api'),
    serverUrl: ServerUrl,
    method: z.literal('modelSettings'),
    args: z.tuple([]),
  }),
  z.object({
    type: z.literal('api'),
    serverUrl: ServerUrl,
    method: z.literal('transcriptionStatus'),
    args: z.tuple([]),
  }),
  z.object({
    type: z.literal('api'),
    serverUrl: ServerUrl,
    method: z.literal('tasks'),
    args: z.tuple([z.string().check(z.minLength(1))]),
  }),
]);
export type ApiRelayMessage = z.infer<typeof ApiRelayMessage>;
export type RelayedMethod = ApiRelayMessage['method'];

/** What a page needs of a session: the bearer for the API and who it belongs to. */
export interface PageSession {
  accessToken: string;
  user: { id: string; email: string };
}

export interface SessionReply {
  session: PageSession | null;
}

/** An API call's outcome as it crosses the message channel (an ApiError's fields, since classes do not). */
export type ApiRelayReply =
  | { ok: true; value: unknown }
  | { ok: false; error: { status: number; code: string; message: string; field?: string } };
