import { vi } from 'vitest';

/** A request as a fake route sees it. */
export interface FakeRequest {
  method: string;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
}

export type FakeRoute = (req: FakeRequest) => Response | Promise<Response>;

/**
 * A fetch that answers from routes like "GET /api/conversation/:userId", as the real server's paths look.
 * Anything unrouted gets a 404 JSON error.
 */
export function createFakeServer(routes: Record<string, FakeRoute>) {
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    const names: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/:(\w+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    return { method, pattern, names, handler };
  });

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    for (const route of table) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]),
      );
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      return route.handler({ method, url, params, body, headers: new Headers(init.headers) });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  return fetch;
}

/** A Server-Sent Events response whose events the test pushes one by one. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

/** A finished Server-Sent Events response. */
export function sseResponse(events: [event: string, data: unknown][]) {
  const stream = controlledStream();
  for (const [event, data] of events) stream.send(event, data);
  stream.close();
  return stream.response;
}
