import type { z } from 'zod';
import { ApiErrorBody } from '../errors.ts';
import { MeResponse } from '../schemas/me.ts';
import { PublicConfig } from '../schemas/config.ts';

/** An API failure with the HTTP status and the server's error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  /** Server origin, e.g. "" for same origin or "http://localhost:3000". */
  baseUrl: string;
  /** Returns the current access token, or null when signed out. */
  getToken: () => Promise<string | null> | string | null;
  fetch?: typeof fetch;
}

/** One typed client for every `/api` call, shared by web and extension. */
export function createApi({ baseUrl, getToken, fetch: doFetch = globalThis.fetch.bind(globalThis) }: ApiOptions) {
  async function request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    opts: { body?: unknown; auth?: boolean } = {},
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.auth !== false) {
      const token = await getToken();
      if (!token) throw new ApiError(401, 'unauthorized', 'Not signed in');
      headers.authorization = `Bearer ${token}`;
    }
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const parsed = ApiErrorBody.safeParse(json);
      if (parsed.success) {
        const { code, message, field } = parsed.data.error;
        throw new ApiError(res.status, code, message, field);
      }
      throw new ApiError(res.status, 'http_error', `HTTP error! status: ${res.status}`);
    }
    return schema.parse(json);
  }

  return {
    /** Public server configuration (auth location, provider modes). */
    config: () => request('GET', '/api/config', PublicConfig, { auth: false }),
    /** The signed-in caller. */
    me: () => request('GET', '/api/me', MeResponse),
  };
}

export type Api = ReturnType<typeof createApi>;
