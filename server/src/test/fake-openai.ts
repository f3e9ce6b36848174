import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { VOICE } from '@cofounder/shared';
import type { FakeRealtime } from './fake-realtime.ts';

/** A chat-completions request body as the fake received it (the fields the product sends). */
export interface CompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
}

/** One Responses API input item: a message, or the answer to a computer_call / function_call. */
export interface ResponsesInputItem {
  role?: string;
  content?: string | { type: string; text?: string; image_url?: string; detail?: string }[];
  type?: string;
  call_id?: string;
  output?: string | { type: string; text?: string; image_url?: string }[] | { type: string; image_url?: string };
  acknowledged_safety_checks?: { id: string; code?: string | null; message?: string | null }[];
}

/** A Responses API request body as the fake received it (the fields research() and computer use send). */
export interface ResponsesRequest {
  model: string;
  instructions?: string;
  input: string | ResponsesInputItem[];
  tools?: { type: string; display_width?: number; display_height?: number; environment?: string; name?: string }[];
  max_output_tokens?: number;
  text?: { format?: { type: string; name?: string; schema?: Record<string, unknown>; strict?: boolean } };
  previous_response_id?: string;
  truncation?: string;
  reasoning?: { summary?: string };
}

/**
 * One scripted computer-use answer: a computer_call with the action (and pending safety checks), an open_url or
 * finish_task function call, or a plain assistant message. reasoning becomes a reasoning item's summary.
 */
export type ComputerTurn = { reasoning?: string } & (
  | { action: { type: string } & Record<string, unknown>; safetyChecks?: { id: string; code: string; message: string }[] }
  | { openUrl: string }
  | { finish: { completed: boolean; summary: string } }
  | { message: string }
);

/** A scripted web-research answer: the JSON the model writes and the pages its text cites. */
export interface WebAnswer {
  json: unknown;
  citations: { url: string; title: string }[];
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: CompletionRequest;
}

/** A transcription upload as the fake parsed it from the multipart body. */
export interface TranscriptionRequest {
  authorization: string | undefined;
  model: string | undefined;
  filename: string | undefined;
  /** The file's size in bytes. */
  bytes: number;
  language: string | undefined;
  prompt: string | undefined;
  responseFormat: string | undefined;
}

/** A realtime client-secret request: the JSON body as sent. */
export interface ClientSecretRequest {
  authorization: string | undefined;
  body: { expires_after?: { anchor?: string; seconds?: number }; session?: Record<string, unknown> };
}

type Scripted<T, R = CompletionRequest> = T | ((request: R) => T);

export interface FakeOpenAi {
  /** Give this to the SDK as baseURL (OPENAI_BASE_URL). */
  baseUrl: string;
  /** Every request, in arrival order (including ones answered with an error). */
  requests: RecordedRequest[];
  /** Chat text: a string is streamed word by word, an array chunk by chunk. */
  reply: Scripted<string | string[]>;
  /** JSON answers for structured requests, by json_schema name. */
  structured: Record<string, Scripted<unknown>>;
  /** POST /v1/responses requests (web research), in arrival order (including ones answered with an error). */
  responses: ResponsesRequest[];
  /**
   * Answers for /v1/responses by text.format name: the JSON as output_text, each citation a url_citation
   * annotation on the span where its URL appears in that text (the whole text when it does not).
   */
  web: Record<string, Scripted<WebAnswer, ResponsesRequest>>;
  /**
   * Answers for /v1/responses requests that offer the computer_use_preview tool, taken in order (a test queues
   * the sequence); when none is left the model says "Done." as a message.
   */
  computer: ComputerTurn[];
  /** Answer content "" (a model that returns nothing). */
  empty: boolean;
  /** Wait this long before answering (a slow first token; longer than the SDK timeout means a timeout). */
  firstTokenDelayMs: number;
  /**
   * Streams: the headers and the role chunk go out at once, then each content chunk waits this long (a local
   * server still loading its model, or a slow one).
   */
  chunkDelayMs: number;
  /**
   * json_schema response_format: 'supported' answers the scripted JSON by schema name; 'rejected' answers 400
   * naming response_format (like many local servers); 'ignored' answers as if it was not there (`reply`).
   */
  responseFormat: 'supported' | 'rejected' | 'ignored';
  /**
   * The models this server has (GET /v1/models lists them); a chat request for another one is a 404
   * model_not_found. null: any model is served and the list is empty.
   */
  models: string[] | null;
  /** The one key this server accepts (any other bearer, or none, is a 401 like OpenAI's); null: any or none. */
  requiredKey: string | null;
  /** Transcription uploads, in arrival order (including refused ones). */
  transcriptions: TranscriptionRequest[];
  /** The text every transcription answers. */
  transcript: string;
  /** Seconds every transcription reports; null estimates them from the file's size at the recorder's bitrate. */
  duration: number | null;
  /** Realtime client-secret requests, in arrival order. */
  clientSecrets: ClientSecretRequest[];
  /** Every client secret minted so far (a live set: hand it to the fake realtime peer as its valid secrets). */
  mintedSecrets: Set<string>;
  /** The next `times` requests (any endpoint) answer `status` with an OpenAI error body. */
  fail(status: number, times?: number): void;
  /** Back to the defaults, requests forgotten. */
  reset(): void;
  /** Answers one request as this fake (a standalone script can mount it beside other routes). */
  handle(req: IncomingMessage, res: ServerResponse): void;
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

const DEFAULT_TRANSCRIPT = 'Hello from the fake transcription';

const ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  // OpenAI quotes part of the key here; the fake quotes all of it, so tests can prove adapters never pass it on.
  401: { message: 'Incorrect API key provided: {key}. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', code: 'invalid_api_key' },
  429: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request.', type: 'server_error', code: null },
};

const INVALID_FORMAT = {
  message: "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
  type: 'invalid_request_error',
  code: null,
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readJson<T>(req: IncomingMessage): Promise<T> {
  return JSON.parse((await readBody(req)).toString('utf8')) as T;
}

interface FormPart {
  name: string;
  filename?: string;
  data: Buffer;
}

/** A minimal multipart/form-data parser (RFC 7578): enough for what the SDK sends, no streaming. */
function parseMultipart(body: Buffer, contentType: string | undefined): FormPart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return [];
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: FormPart[] = [];
  // Prefixing CRLF lets the first delimiter match like every other one.
  const all = Buffer.concat([Buffer.from('\r\n'), body]);
  let start = all.indexOf(delimiter);
  while (start !== -1) {
    const from = start + delimiter.length;
    if (all.subarray(from, from + 2).toString() === '--') break; // the closing delimiter
    const end = all.indexOf(delimiter, from);
    if (end === -1) break;
    const part = all.subarray(from + 2, end); // skip the CRLF after the delimiter
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (split !== -1 && name !== undefined) {
      parts.push({ name, filename: /filename="([^"]*)"/i.exec(head)?.[1], data: part.subarray(split + 4) });
    }
    start = end;
  }
  return parts;
}

/** The container signatures whisper accepts: webm/mkv, Ogg, RIFF/WAVE, MP3 (ID3 tag or frame sync), FLAC, MP4/M4A. */
function looksLikeAudio(file: Buffer): boolean {
  const ascii = (from: number, to: number) => file.subarray(from, to).toString('latin1');
  return (
    file.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) ||
    ascii(0, 4) === 'OggS' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') ||
    ascii(0, 3) === 'ID3' ||
    (file[0] === 0xff && file.length > 1 && (file[1]! & 0xe0) === 0xe0) ||
    ascii(0, 4) === 'fLaC' ||
    ascii(4, 8) === 'ftyp'
  );
}

const run = <T, R = CompletionRequest>(value: Scripted<T, R>, request: R): T =>
  typeof value === 'function' ? (value as (r: R) => T)(request) : value;

/**
 * An OpenAI-compatible server on loopback, so tests drive the real `openai` SDK: chat completions, JSON and
 * streamed (SSE `chat.completion.chunk` objects, then `data: [DONE]`), structured output by schema name;
 * the Responses API (non-streamed, web research: output_text with url_citation annotations; computer use: scripted
 * computer_call items answered turn by turn);
 * whisper transcription (multipart, verbose_json, 400 for a file that is not audio); realtime client secrets;
 * GET /v1/models; the ways local servers differ (no json_schema response_format, slow chunks, unknown models);
 * scripted failures, and a record of every request for assertions.
 */
export async function startFakeOpenAi(
  options: {
    port?: number;
    host?: string;
    /** Serves /v1/realtime/calls here too, as OpenAI does on one base URL (see fake-realtime.ts). */
    realtime?: Pick<FakeRealtime, 'handle'>;
  } = {},
): Promise<FakeOpenAi> {
  let failures: { status: number; left: number } | null = null;
  let counter = 0;
  // Responses this fake answered, with the call id each one waits an answer for (null: none).
  const callOf = new Map<string, string | null>();

  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    reply: 'Hello from the fake model.',
    structured: {},
    responses: [],
    web: {},
    computer: [],
    empty: false,
    firstTokenDelayMs: 0,
    chunkDelayMs: 0,
    responseFormat: 'supported',
    models: null,
    requiredKey: null,
    transcriptions: [],
    transcript: DEFAULT_TRANSCRIPT,
    duration: null,
    clientSecrets: [],
    mintedSecrets: new Set(),
    fail(status, times = Number.POSITIVE_INFINITY) {
      failures = { status, left: times };
    },
    reset() {
      Object.assign(fake, {
        reply: 'Hello from the fake model.',
        structured: {},
        web: {},
        empty: false,
        firstTokenDelayMs: 0,
        chunkDelayMs: 0,
        responseFormat: 'supported',
        models: null,
        requiredKey: null,
        transcript: DEFAULT_TRANSCRIPT,
        duration: null,
      });
      fake.requests.length = 0;
      fake.responses.length = 0;
      fake.computer.length = 0;
      fake.transcriptions.length = 0;
      fake.clientSecrets.length = 0;
      fake.mintedSecrets.clear();
      failures = null;
    },
    handle: (req, res) => void handle(req, res).catch(() => res.destroy()),
    close() {
      server.closeAllConnections(); // the SDK keeps connections alive
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  function answerError(res: ServerResponse, status: number, req: IncomingMessage): void {
    const known = ERRORS[status] ?? { message: `Error ${status}`, type: 'server_error', code: null };
    const key = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const error = { ...known, message: known.message.replace('{key}', key) };
    // retry-after-ms keeps the SDK's back-off short in tests (it honours the header).
    res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '1' });
    res.end(JSON.stringify({ error: { ...error, param: null } }));
  }

  /** Answers a scripted failure when one is due. */
  function failed(req: IncomingMessage, res: ServerResponse): boolean {
    if (!failures || failures.left <= 0) return false;
    failures.left--;
    answerError(res, failures.status, req);
    return true;
  }

  function answerJson(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async function transcribe(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts = parseMultipart(await readBody(req), req.headers['content-type']);
    const field = (name: string) => parts.find((p) => p.name === name && p.filename === undefined)?.data.toString('utf8');
    const file = parts.find((p) => p.name === 'file');
    fake.transcriptions.push({
      authorization: req.headers.authorization,
      model: field('model'),
      filename: file?.filename,
      bytes: file?.data.length ?? 0,
      language: field('language'),
      prompt: field('prompt'),
      responseFormat: field('response_format'),
    });
    if (failed(req, res)) return;
    if (!file || !looksLikeAudio(file.data)) return answerJson(res, 400, { error: { ...INVALID_FORMAT, param: null } });
    const duration = fake.duration ?? Math.round((file.data.length * 8 * 100) / VOICE.recordingBitsPerSecond) / 100;
    const text = fake.transcript;
    if (field('response_format') !== 'verbose_json') return answerJson(res, 200, { text });
    answerJson(res, 200, { task: 'transcribe', language: field('language') ?? 'english', duration, text, segments: [] });
  }

  async function mintClientSecret(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<ClientSecretRequest['body']>(req);
    fake.clientSecrets.push({ authorization: req.headers.authorization, body });
    if (failed(req, res)) return;
    const value = `ek_fake_${randomBytes(12).toString('hex')}`;
    fake.mintedSecrets.add(value);
    const expiresAt = Math.floor(Date.now() / 1000) + (body.expires_after?.seconds ?? 600);
    const session = { ...body.session, id: `sess_fake_${++counter}`, object: 'realtime.session', expires_at: expiresAt };
    answerJson(res, 200, { value, expires_at: expiresAt, session });
  }

  function contentFor(body: CompletionRequest): string[] {
    if (fake.empty) return [];
    const schemaName = fake.responseFormat === 'supported' ? body.response_format?.json_schema?.name : undefined;
    if (schemaName) return [JSON.stringify(run(fake.structured[schemaName] ?? DEFAULT_STRUCTURED[schemaName] ?? {}, body))];
    const text = run(fake.reply, body);
    return Array.isArray(text) ? text : (text.match(/\S+\s*/g) ?? []);
  }

  /**
   * POST /v1/responses (the Responses API, non-streamed): a web_search_call item when the web_search tool was
   * offered, then the assistant message whose output_text carries the scripted JSON and url_citation annotations.
   * With the computer_use_preview tool, the next scripted computer turn; like OpenAI it refuses (400) an unknown
   * previous_response_id, and a follow-up that does not answer the previous response's call.
   */
  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<ResponsesRequest>(req);
    fake.responses.push(body);
    if (failed(req, res)) return;
    if (fake.firstTokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.firstTokenDelayMs));
    if (res.destroyed) return;
    const chainError = brokenChain(body);
    if (chainError) return answerJson(res, 400, { error: { message: chainError, type: 'invalid_request_error', param: 'input', code: null } });
    const n = ++counter;
    if ((body.tools ?? []).some((t) => t.type === 'computer_use_preview')) return answerResponse(res, body, n, computerOutput(n), 20);
    const name = body.text?.format?.name;
    const scripted = name ? fake.web[name] : undefined;
    const answer: WebAnswer = scripted
      ? run(scripted, body)
      : { json: name ? (DEFAULT_STRUCTURED[name] ?? {}) : [run(fake.reply, {} as CompletionRequest)].flat().join(''), citations: [] };
    const text = fake.empty ? '' : typeof answer.json === 'string' ? answer.json : JSON.stringify(answer.json);
    const annotations = fake.empty
      ? []
      : answer.citations.map(({ url, title }) => {
          const at = text.indexOf(url);
          return {
            type: 'url_citation',
            url,
            title,
            start_index: at === -1 ? 0 : at,
            end_index: at === -1 ? text.length : at + url.length,
          };
        });
    const searched = (body.tools ?? []).some((t) => t.type.startsWith('web_search'));
    const output = [
      ...(searched
        ? [{ type: 'web_search_call', id: `ws_fake_${n}`, status: 'completed', action: { type: 'search', query: 'investors' } }]
        : []),
      {
        type: 'message',
        id: `msg_fake_${n}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text, annotations, logprobs: [] }],
      },
    ];
    callOf.set(`resp_fake_${n}`, null);
    answerResponse(res, body, n, output, Math.ceil(text.length / 4));
  }

  /** Why OpenAI would refuse the request's previous_response_id chain, or null. */
  function brokenChain(body: ResponsesRequest): string | null {
    const previous = body.previous_response_id;
    if (!previous) return null;
    if (!callOf.has(previous)) return `Previous response with id '${previous}' not found.`;
    const callId = callOf.get(previous);
    const answered = Array.isArray(body.input) && body.input.some((item) => item.call_id === callId && /_call_output$/.test(item.type ?? ''));
    return callId && !answered ? `No tool output found for computer call ${callId}.` : null;
  }

  /** The next scripted computer-use turn as output items: reasoning, then the call or the message. */
  function computerOutput(n: number): unknown[] {
    const turn = fake.computer.shift() ?? { message: 'Done.' };
    const reasoning = turn.reasoning
      ? [{ type: 'reasoning', id: `rs_fake_${n}`, summary: [{ type: 'summary_text', text: turn.reasoning }] }]
      : [];
    const fn = (name: string, args: unknown) => ({ type: 'function_call', id: `fc_fake_${n}`, call_id: `call_fake_${n}`, name, arguments: JSON.stringify(args), status: 'completed' });
    const call =
      'action' in turn
        ? { type: 'computer_call', id: `cu_fake_${n}`, call_id: `call_fake_${n}`, action: turn.action, pending_safety_checks: turn.safetyChecks ?? [], status: 'completed' }
        : 'openUrl' in turn
          ? fn('open_url', { url: turn.openUrl })
          : 'finish' in turn
            ? fn('finish_task', turn.finish)
            : {
                type: 'message',
                id: `msg_fake_${n}`,
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: turn.message, annotations: [], logprobs: [] }],
              };
    callOf.set(`resp_fake_${n}`, 'message' in turn ? null : `call_fake_${n}`);
    return [...reasoning, call];
  }

  function answerResponse(res: ServerResponse, body: ResponsesRequest, n: number, output: unknown[], outputTokens: number): void {
    const inputTokens = 100;
    answerJson(res, 200, {
      id: `resp_fake_${n}`,
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      status: 'completed',
      model: body.model,
      instructions: body.instructions ?? null,
      previous_response_id: body.previous_response_id ?? null,
      output,
      tools: body.tools ?? [],
      text: body.text ?? { format: { type: 'text' } },
      tool_choice: 'auto',
      parallel_tool_calls: true,
      max_output_tokens: body.max_output_tokens ?? null,
      error: null,
      incomplete_details: null,
      metadata: {},
      temperature: 1,
      top_p: 1,
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: inputTokens + outputTokens,
      },
    });
  }

  /** Why this server refuses the chat request as OpenAI or a local server would (unknown model, no json_schema). */
  function refused(body: CompletionRequest): { status: number; error: { message: string; type: string; code: string | null } } | null {
    if (fake.models && !fake.models.includes(body.model)) {
      const message = `The model \`${body.model}\` does not exist or you do not have access to it.`;
      return { status: 404, error: { message, type: 'invalid_request_error', code: 'model_not_found' } };
    }
    if (fake.responseFormat === 'rejected' && body.response_format?.type === 'json_schema') {
      const message = "response_format of type 'json_schema' is not supported by this server";
      return { status: 400, error: { message, type: 'invalid_request_error', code: null } };
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (fake.requiredKey !== null && req.headers.authorization !== `Bearer ${fake.requiredKey}`) {
      return answerError(res, 401, req);
    }
    if (options.realtime && req.url?.startsWith('/v1/realtime/calls')) return options.realtime.handle(req, res);
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') return transcribe(req, res);
    if (req.method === 'POST' && req.url === '/v1/realtime/client_secrets') return mintClientSecret(req, res);
    if (req.method === 'POST' && req.url === '/v1/responses') return respond(req, res);
    if (req.method === 'GET' && req.url === '/v1/models') {
      if (failed(req, res)) return;
      const data = (fake.models ?? []).map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' }));
      return answerJson(res, 200, { object: 'list', data });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return answerJson(res, 404, { error: { message: 'Not found' } });
    const body = await readJson<CompletionRequest>(req);
    fake.requests.push({ path: req.url, authorization: req.headers.authorization, body });
    if (failed(req, res)) return;
    const refusal = refused(body);
    if (refusal) return answerJson(res, refusal.status, { error: { ...refusal.error, param: null } });
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
    for (const content of chunks) {
      if (fake.chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.chunkDelayMs));
      if (res.destroyed) return;
      event({ content }, null);
    }
    event({}, 'stop');
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => fake.handle(req, res));
  // A fixed port lets a standalone script (a Playwright webServer) run it; tests take a free one.
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  fake.baseUrl = `http://${host}:${(server.address() as { port: number }).port}/v1`;
  return fake;
}
