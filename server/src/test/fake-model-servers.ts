import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// Tiny local model servers on 127.0.0.1 random ports, each speaking one dialect's model list (issue 23 §2), for
// the discovery tests. Chat is not served here: test/fake-openai.ts is the model itself.

export type FakeModelDialect =
  /** Ollama: GET /api/tags {models:[{name}]} and GET /v1/models. */
  | 'ollama'
  /** LM Studio, llama.cpp server, vLLM: GET /v1/models {object:'list', data:[{id}]}. */
  | 'openai'
  /** 200 with a body that is not JSON on every path. */
  | 'garbage'
  /** JSON, but not a model list (a web app that happens to use the port). */
  | 'wrong-shape'
  /** Accepts the connection and never answers. */
  | 'silent'
  /** 302 to the same path on the origin given as its only "model" (a server pointing elsewhere). */
  | 'redirect';

export interface FakeModelServer {
  port: number;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function answer(
  dialect: FakeModelDialect,
  models: string[],
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const path = (req.url ?? '/').split('?')[0];
  if (dialect === 'silent') return;
  if (dialect === 'redirect') {
    res.writeHead(302, { location: `${models[0]}${path}` });
    res.end();
    return;
  }
  if (dialect === 'garbage') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>It works!</html>');
    return;
  }
  if (dialect === 'wrong-shape') return json(res, { status: 'ok', items: models });
  if (path === '/v1/models') {
    return json(res, {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'local' })),
    });
  }
  if (dialect === 'ollama' && path === '/api/tags') {
    return json(res, { models: models.map((name) => ({ name, model: name, size: 1, digest: 'sha256:0' })) });
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'not found' }));
}

/** Starts one fake on 127.0.0.1 with a free port. */
export async function startFakeModelServer(
  dialect: FakeModelDialect,
  models: string[] = [],
): Promise<FakeModelServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    answer(dialect, models, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // a silent server still holds its probes' sockets
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (taken and released at once). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
