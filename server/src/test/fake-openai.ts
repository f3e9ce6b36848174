import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** A chat-completions request body as the fake received it (the fields the product sends). */
export interface CompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: CompletionRequest;
}

type Scripted<T> = T | ((request: CompletionRequest) => T);

export interface FakeOpenAi {
  /** Give this to the SDK as baseURL (OPENAI_BASE_URL). */
  baseUrl: string;
  /** Every request, in arrival order (including ones answered with an error). */
  requests: RecordedRequest[];
  /** Chat text: a string is streamed word by word, an array chunk by chunk. */
  reply: Scripted<string | string[]>;
  /** JSON answers for structured requests, by json_schema name. */
  structured: Record<string, Scripted<unknown>>;
  /** Answer content "" (a model that returns nothing). */
  empty: boolean;
  /** Wait this long before answering (a slow first token; longer than the SDK timeout means a timeout). */
  firstTokenDelayMs: number;
  /** The next `times` requests answer `status` with an OpenAI error body. */
  fail(status: number, times?: number): void;
  /** Back to the defaults, requests forgotten. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_STRUCTURED: Record<string, unknown> = {
  onboarding_turn: { message: 'What problem are you solving, and for whom?', ready_to_work: false },
  task_plan: {
    tasks: [
      { description: 'Interview 5 target customers', priority: 9, agent: 'research_agent', requiredPlatforms: [] },
      { description: 'Post the launch thread on Twitter', priority: 7, agent: 'marketing_agent', requiredPlatforms: ['twitter'] },
    ],
  },
};

const ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  429: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request.', type: 'server_error', code: null },
};

async function readJson(req: IncomingMessage): Promise<CompletionRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as CompletionRequest;
}

const run = <T,>(value: Scripted<T>, request: CompletionRequest): T =>
  typeof value === 'function' ? (value as (r: CompletionRequest) => T)(request) : value;

/**
 * An OpenAI-compatible chat-completions server on loopback, so tests drive the real `openai` SDK: JSON and
 * streamed (SSE `chat.completion.chunk` objects, then `data: [DONE]`) answers, structured output by schema
 * name, scripted failures, and a record of every request for assertions on the prompt.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let failures: { status: number; left: number } | null = null;
  let counter = 0;

  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    reply: 'Hello from the fake model.',
    structured: {},
    empty: false,
    firstTokenDelayMs: 0,
    fail(status, times = Number.POSITIVE_INFINITY) {
      failures = { status, left: times };
    },
    reset() {
      Object.assign(fake, { reply: 'Hello from the fake model.', structured: {}, empty: false, firstTokenDelayMs: 0 });
      fake.requests.length = 0;
      failures = null;
    },
    close() {
      server.closeAllConnections(); // the SDK keeps connections alive
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  function answerError(res: ServerResponse, status: number): void {
    const error = ERRORS[status] ?? { message: `Error ${status}`, type: 'server_error', code: null };
    // retry-after-ms keeps the SDK's back-off short in tests (it honours the header).
    res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '1' });
    res.end(JSON.stringify({ error: { ...error, param: null } }));
  }

  function contentFor(body: CompletionRequest): string[] {
    if (fake.empty) return [];
    const schemaName = body.response_format?.json_schema?.name;
    if (schemaName) return [JSON.stringify(run(fake.structured[schemaName] ?? DEFAULT_STRUCTURED[schemaName] ?? {}, body))];
    const text = run(fake.reply, body);
    return Array.isArray(text) ? text : (text.match(/\S+\s*/g) ?? []);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
      return;
    }
    const body = await readJson(req);
    fake.requests.push({ path: req.url, authorization: req.headers.authorization, body });
    if (failures && failures.left > 0) {
      failures.left--;
      return answerError(res, failures.status);
    }
    if (fake.firstTokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.firstTokenDelayMs));
    if (res.destroyed) return;
    const id = `chatcmpl-fake-${++counter}`;
    const base = { id, created: Math.floor(Date.now() / 1000), model: body.model };
    const chunks = contentFor(body);
    if (!body.stream) {
      const message = { role: 'assistant', content: chunks.join(''), refusal: null };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (delta: Record<string, string>, finish: string | null) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    event({ role: 'assistant', content: '' }, null);
    for (const content of chunks) event({ content }, null);
    event({}, 'stop');
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  return fake;
}
