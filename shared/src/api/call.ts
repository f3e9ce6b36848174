import type { z } from 'zod';
import { ApiError } from './api-error-class.ts';
import type { Contract } from './contract.ts';
import {
  endpointPath,
  isJsonResponse,
  queryString,
  type Endpoint,
  type EncodedBody,
  type ParamNames,
  type PathParams,
  type QueryInput,
} from './contract/define.ts';

/** The endpoints that answer JSON: the ones a client calls (pages and TwiML are for windows and Twilio). */
export type JsonEndpointName = {
  [N in keyof Contract]: Contract[N]['response'] extends z.ZodType ? N : never;
}[keyof Contract];

/** The parsed success body of an endpoint. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

type ParamsOption<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<E['path']> };
type QueryOption<E extends Endpoint> = E extends { query: infer Q extends z.ZodType }
  ? { query?: QueryInput<Q> }
  : { query?: never };
/** A schema's body as sent; an upload as FormData; an endpoint that reads no body may still be sent `{}`. */
type BodyOption<E extends Endpoint> = E extends { body: infer B }
  ? B extends z.ZodType
    ? { body: z.input<B> }
    : B extends EncodedBody
      ? { form: FormData }
      : never
  : { body?: Record<string, never> };
type UserIdOption<E extends Endpoint> = E extends { userIdHeader: true }
  ? { userId: string }
  : { userId?: never };

export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> &
  UserIdOption<E> & {
    /** Lets the request outlive the page (hang-up on unload). */
    keepalive?: boolean;
  };

/** The options argument may be left out when the endpoint needs none. */
type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** What call() reads of the options, whichever endpoint they are for. */
interface AnyCallOptions {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  form?: FormData;
  userId?: string;
  keepalive?: boolean;
}

export interface CallerOptions {
  /** Server origin, e.g. "" for same origin or "http://localhost:3000". */
  baseUrl: string;
  /** Returns the current access token, or null when signed out. */
  getToken: () => Promise<string | null> | string | null;
  fetch: typeof fetch;
}

/**
 * call(name, { params, query, body }) for any JSON endpoint of the contract: fills the path's :params (encoded),
 * adds the query, sends the bearer unless the endpoint is public (401 without a call when signed out), and parses
 * the success body with the endpoint's schema; a failure status becomes an ApiError.
 */
export function createCaller({ baseUrl, getToken, fetch: doFetch }: CallerOptions) {
  // The contract (every endpoint's zod schemas) is loaded with the first call, not with the page: building all of
  // them took 35 ms of a server-rendered page's start-up (Lighthouse's blocking time on a slow phone), and a public
  // page may call nothing. Widened once: indexing the contract by a generic name builds a union of every endpoint
  // (too large for tsc).
  let endpoints: Promise<Readonly<Record<string, Endpoint>>> | undefined;
  const loadEndpoints = () => (endpoints ??= import('./contract.ts').then((m): Readonly<Record<string, Endpoint>> => m.contract));
  async function bearer(): Promise<string> {
    const token = await getToken();
    if (!token) throw new ApiError(401, 'unauthorized', 'Not signed in');
    return token;
  }

  function call<N extends JsonEndpointName>(name: N, ...args: CallArgs<Contract[N]>): Promise<ResponseOf<Contract[N]>>;
  // The implementation reads options whatever the endpoint (typing it per endpoint is what the overload above does).
  async function call(name: JsonEndpointName, options?: AnyCallOptions): Promise<unknown> {
    const endpoint = (await loadEndpoints())[name]!;
    const opts = options ?? {};
    const headers: Record<string, string> = { accept: 'application/json' };
    if (endpoint.userIdHeader && opts.userId !== undefined) headers['x-user-id'] = opts.userId;
    if (endpoint.auth === 'bearer') headers.authorization = `Bearer ${await bearer()}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const path = endpointPath(endpoint, opts.params ?? {});
    const res = await doFetch(`${baseUrl}${path}${queryString(opts.query)}`, {
      method: endpoint.method,
      headers,
      // FormData sets its own multipart content type (with the boundary).
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
    const json: unknown = await res.json().catch(() => null);
    // The error bodies' schemas come with the first failure, as the contract comes with the first call.
    if (!res.ok) throw (await import('./api-error.ts')).apiErrorFrom(res.status, json);
    if (!isJsonResponse(endpoint.response)) throw new Error(`${name} does not answer JSON`);
    return endpoint.response.parse(json);
  }

  return { call, bearer };
}
