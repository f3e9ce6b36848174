import {
  DEFAULT_INTERN_SETTINGS,
  keyHint,
  MODEL_SETTINGS,
  type LocalModelServer,
  type ModelConnectionInput,
  type ModelSettingsResponse,
} from '@cofounder/shared';
import { createFakeServer, type FakeRequest, type FakeRoute } from '../../../test/fake-server.ts';

export const OLLAMA: LocalModelServer = {
  kind: 'ollama',
  name: 'Ollama',
  baseUrl: 'http://127.0.0.1:11434/v1',
  models: ['llama3.2:3b', 'qwen2.5:7b'],
};
export const LM_STUDIO: LocalModelServer = {
  kind: 'lmstudio',
  name: 'LM Studio',
  baseUrl: 'http://127.0.0.1:1234/v1',
  models: [],
};

const SAVED_AT = '2026-01-02T00:00:00.000Z';

/** No connection of the founder's own: the offline co-founder (or `model`, when the server has one) answers. */
export function serverDefault(model: string | null = null): ModelSettingsResponse {
  const fallback = { mode: model ? ('real' as const) : ('local' as const), model };
  return {
    success: true,
    connection: null,
    answering: { source: 'server', ...fallback },
    serverDefault: fallback,
    voice: { transcription: false, calls: false, transcriptionEngine: null, callsEngine: null },
  };
}

/** What the server answers once `body` is saved, over the offline default (or `previous`'s default). */
export function savedAnswer(
  body: ModelConnectionInput,
  previous: ModelSettingsResponse = serverDefault(),
  key = body.apiKey,
): ModelSettingsResponse {
  return {
    success: true,
    connection: {
      kind: body.kind,
      baseUrl: body.kind === 'openai' ? MODEL_SETTINGS.openAiBaseUrl : (body.baseUrl ?? ''),
      keyHint: key ? keyHint(key) : null,
      chatModel: body.chatModel,
      researchModel: body.researchModel ?? null,
      computerModel: body.computerModel ?? null,
      transcriptionModel: body.transcriptionModel ?? null,
      realtimeModel: body.realtimeModel ?? null,
      updatedAt: SAVED_AT,
    },
    answering: { source: 'founder', mode: 'real', model: body.chatModel },
    serverDefault: previous.serverDefault,
    voice: {
      transcription: body.kind === 'openai' || !!body.transcriptionModel,
      calls: body.kind === 'openai',
      transcriptionEngine: body.kind === 'openai' || body.transcriptionModel ? 'openai' : null,
      callsEngine: body.kind === 'openai' ? 'openai' : null,
    },
  };
}

/** A founder's saved OpenAI connection with the key `sk-test-abcd1234abcd` (hint `sk-…abcd`). */
export const SAVED_OPENAI = savedAnswer(
  { kind: 'openai', chatModel: 'gpt-4o-mini' },
  serverDefault(),
  'sk-test-abcd1234abcd',
);

interface ModelServerOptions {
  /** The local servers found (an empty scan by default). */
  servers?: LocalModelServer[];
  /** PUT and DELETE answer once this settles, so a test sees their pending state. */
  hold?: Promise<void>;
  routes?: Record<string, FakeRoute>;
}

/**
 * The model settings endpoints over `initial`, remembering what was sent: PUT and DELETE answer as the real server
 * does unless `routes` says otherwise.
 */
export function modelServer(
  initial: ModelSettingsResponse,
  { servers = [], hold, routes = {} }: ModelServerOptions = {},
) {
  let current = initial;
  const sent = { puts: [] as unknown[], deletes: 0, tests: [] as unknown[] };
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/conversation/:userId': () =>
      Response.json({ messages: [], hasCompletedOnboarding: true, isFirstWorkingChat: true, hasMore: false }),
    // Nothing saved: the server answers the defaults (the AI Settings tab beside the Model section reads them).
    'GET /api/users/:userId/intern-settings': () => Response.json({ success: true, settings: DEFAULT_INTERN_SETTINGS }),
    'GET /api/model-settings': () => Response.json(current),
    'PUT /api/model-settings': async ({ body }: FakeRequest) => {
      sent.puts.push(body);
      await hold;
      const input = body as ModelConnectionInput;
      // An empty key keeps the saved one, as the server does for the same kind.
      const kept = current.connection?.kind === input.kind ? current.connection.keyHint : null;
      current = savedAnswer(input, current);
      if (!input.apiKey && kept)
        current = { ...current, connection: { ...current.connection!, keyHint: kept } };
      return Response.json(current);
    },
    'DELETE /api/model-settings': async () => {
      sent.deletes += 1;
      await hold;
      current = { ...current, connection: null, answering: { source: 'server', ...current.serverDefault } };
      return Response.json(current);
    },
    'GET /api/model-settings/local-servers': () =>
      Response.json({ success: true, servers, scannedAt: '2026-01-01T00:00:00.000Z' }),
    ...routes,
  });
  return { fetch, sent };
}

/** A 400 as the server answers a refused body. */
export const refused = (message: string, field?: string) =>
  Response.json(
    { error: { code: 'validation_failed', message, ...(field ? { field } : {}) } },
    { status: 400 },
  );
