import type { z } from 'zod';

// The shape of one endpoint in the route contract (api/contract.ts) and the types the client derives from it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `bearer`: the founder's access token is required (the /api guard, or requireUser outside /api). `public`: no
 * bearer; webhooks check their provider's signature instead, the OAuth window a single-use code.
 */
export type Auth = 'bearer' | 'public';

/** A request body that is not JSON. */
export interface EncodedBody {
  readonly encoding: 'multipart/form-data' | 'application/x-www-form-urlencoded';
}
/** An upload; its parts are named in the endpoint's comment. */
export const MULTIPART = { encoding: 'multipart/form-data' } as const satisfies EncodedBody;
/** A form post (Twilio's webhooks). */
export const FORM_POST = { encoding: 'application/x-www-form-urlencoded' } as const satisfies EncodedBody;

/** A response that is not JSON: the client cannot call these, a browser window or a provider does. */
export interface NotJson {
  readonly notJson: 'text/html' | 'text/xml';
}
/** A page for a browser window (or a redirect to the provider). */
export const HTML_PAGE = { notJson: 'text/html' } as const satisfies NotJson;
/** TwiML for Twilio. */
export const TWIML = { notJson: 'text/xml' } as const satisfies NotJson;

export interface Endpoint {
  readonly method: HttpMethod;
  /** Koa style: `/api/tasks/:taskId/result`. */
  readonly path: string;
  readonly auth: Auth;
  /** The query the server parses (with this schema). */
  readonly query?: z.ZodType;
  /** The body the server parses (with this schema), or how a non-JSON body is encoded. None: nothing is read. */
  readonly body?: z.ZodType | EncodedBody;
  /** The JSON success body, or what is answered instead of JSON. Errors are the shared error body (errors.ts). */
  readonly response: z.ZodType | NotJson;
  /** The caller is named in `x-user-id` too (spec 2 §7, autonomy); the server checks it against the bearer. */
  readonly userIdHeader?: true;
}

export type Endpoints = Readonly<Record<string, Endpoint>>;

/** The `:name` parameters of a path, as a union of their names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** Fills an endpoint's `:params`, each with encodeURIComponent. */
export function endpointPath<E extends Endpoint>(endpoint: E, params: PathParams<E['path']>): string {
  const values: Partial<Record<string, string>> = params;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Any of a query's fields, as their parsed values; undefined and null ones are left out of the URL. */
export type QueryInput<Q extends z.ZodType> = { [K in keyof z.output<Q>]?: z.output<Q>[K] | null };

/** `?a=1&b=2` in the given order (URLSearchParams encoding), or '' when nothing is set. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const isJsonResponse = (response: Endpoint['response']): response is z.ZodType =>
  !('notJson' in response);
