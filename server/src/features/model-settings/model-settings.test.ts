import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { MODEL_SETTINGS, ModelSettingsResponse, ModelTestResponse, SendMessageResponse, TranscriptionStatus } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, modelConnections, taskResults, tasks } from '../../db/schema.ts';
import { createTaskExecutor } from '../tasks/engine.ts';
import { webm } from '../voice/voice-test-setup.ts';
import { createVoiceModels } from './model-settings.service.ts';
import { detectLocalSpeech } from '../../providers/voice/local/detect.ts';
import { createUnavailableVoiceProvider } from '../../providers/voice/unavailable.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { readSse } from '../../test/sse.ts';
import { call, type TestUser } from '../../test/users.ts';

// Issue 23 §1 and §5: a founder connects their own model; from their next request on it answers them (in every
// server process on the database, with no restart); the key never leaves the server; the SSRF rule holds.

const SECRET = 'sk-founder-secret-key-9f3a7c1d';
const PATH = '/api/model-settings';

let fake: FakeOpenAi;
let local: TestServer;
/** A second server process on the same database (same token key: a deployment shares TOKEN_ENCRYPTION_KEY). */
let other: TestServer;
/** A hosted server (not a local install): loopback model servers are off limits. */
let hosted: TestServer;
/** The local install seen from another machine. */
let remote: TestServer;
/** The same install with its own speech on this machine (pocketsphinx), when installed. */
let localVoice: TestServer | undefined;
const speechHere = detectLocalSpeech().found;
const logged: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const tokenKey = randomBytes(32);
  const sink = new Writable({ write: (chunk, _enc, done) => (logged.push(String(chunk)), done()) });
  const withKey = (config: TestServer['config']) => {
    CHAT_TEST_OPTIONS.configure?.(config);
    config.social.tokenKey = tokenKey;
  };
  // No speech of the server's own (no key, local speech not used): what a founder's connection offers shows alone.
  const voice = createUnavailableVoiceProvider();
  local = await startTestServer({ ...CHAT_TEST_OPTIONS, voice, configure: withKey, log: pino({ level: 'debug' }, sink) });
  const shared = { ...CHAT_TEST_OPTIONS, voice, database: local.database, env: { ...CHAT_TEST_OPTIONS.env, PUBLIC_URL: local.baseUrl } };
  other = await startTestServer({ ...shared, configure: withKey, log: pino({ level: 'debug' }, sink) });
  remote = await startTestServer({ ...shared, configure: withKey, clientAddress: '203.0.113.7' });
  hosted = await startTestServer({
    ...shared,
    configure: (config) => {
      withKey(config);
      config.localConveniences = [];
    },
  });
  if (speechHere) localVoice = await startTestServer({ ...shared, voice: undefined, configure: withKey });
}, 90_000);
afterAll(async () => {
  for (const s of [localVoice, hosted, remote, other, local]) await s?.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const settings = async (t: TestServer, user: TestUser) =>
  ModelSettingsResponse.parse(await (await call(t, 'GET', PATH, { token: user.token })).json());
const save = (t: TestServer, user: TestUser, body: Record<string, unknown>) => call(t, 'PUT', PATH, { token: user.token, body });
const test = async (t: TestServer, user: TestUser, body: Record<string, unknown>) => {
  const res = await call(t, 'POST', `${PATH}/test`, { token: user.token, body });
  expect(res.status).toBe(200);
  return ModelTestResponse.parse(await res.json());
};
const chat = async (t: TestServer, user: TestUser, text: string) => {
  const res = await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text } });
  expect(res.status).toBe(200);
  return SendMessageResponse.parse(await res.json());
};
const connectFake = (t: TestServer, user: TestUser, extra: Record<string, unknown> = {}) =>
  save(t, user, { kind: 'compatible', baseUrl: fake.baseUrl, apiKey: SECRET, chatModel: 'llama3.2:latest', ...extra });

describe('a founder connects their own model', () => {
  it('starts on the server default (the offline co-founder here)', async () => {
    const founder = await onboardedUser(local);
    expect(await settings(local, founder)).toEqual({
      success: true,
      connection: null,
      answering: { source: 'server', mode: 'local', model: null },
      serverDefault: { mode: 'local', model: null },
      voice: { transcription: false, calls: false, transcriptionEngine: null, callsEngine: null },
    });
  });

  it('the next reply streams from the connected model, in every server process; another founder is unaffected', async () => {
    const founder = await onboardedUser(local);
    const bystander = await onboardedUser(local);
    fake.models = ['llama3.2:latest'];
    fake.requiredKey = SECRET;
    fake.reply = ['Ship the ', 'waitlist page ', 'this week.'];
    const saved = await connectFake(local, founder);
    expect(saved.status).toBe(200);
    expect(ModelSettingsResponse.parse(await saved.json()).answering).toEqual({ source: 'founder', mode: 'real', model: 'llama3.2:latest' });

    // Streamed, on the other process, which never saw the save.
    const res = await call(other, 'POST', `/api/conversation/${founder.id}`, {
      token: founder.token,
      body: { role: 'user', text: 'What should I do first?' },
      headers: { accept: 'text/event-stream' },
    });
    const deltas = (await readSse(res)).filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data).text);
    expect(deltas.join('')).toBe('Ship the waitlist page this week.');
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${SECRET}`);
    expect(request.body).toMatchObject({ model: 'llama3.2:latest', stream: true });
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'What should I do first?' });
    const reply = (await local.database.db.select().from(messages).where(eq(messages.userId, founder.id))).find((m) => m.text === 'Ship the waitlist page this week.');
    expect(reply?.producedBy).toBe('llama3.2:latest');

    const before = fake.requests.length;
    const theirs = await chat(local, bystander, 'What should I do first?');
    expect(theirs.internMessage.producedBy).toBe('offline');
    expect(fake.requests).toHaveLength(before);
  });

  it('runs the founder\'s queued tasks on their model', async () => {
    const founder = await onboardedUser(local);
    await connectFake(local, founder);
    fake.structured.task_plan = {
      tasks: [{ description: 'Draft a cold email to a bakery owner in Lisbon', priority: 8, agent: 'sales_agent', requiredPlatforms: [] }],
    };
    fake.structured.cold_email = {
      summary: 'A first email to Ana at Padaria Lisboa',
      recipient: 'Ana, owner of Padaria Lisboa',
      subject: 'Fresh bread, fewer returns',
      greeting: 'Hi Ana,',
      body: 'Bakeries like yours throw away a fifth of each bake. We forecast demand per day.',
      callToAction: 'Could we talk for 15 minutes on Thursday?',
      signature: 'Ada',
    };
    const created = await call(local, 'POST', `/api/tasks/${founder.id}/generate`, { token: founder.token, body: {} });
    expect(created.status).toBe(200);
    // The plan came from the founder's model (the fake's default task_plan)...
    expect(fake.requests.map((r) => [r.body.model, r.body.response_format?.json_schema?.name])).toEqual([['llama3.2:latest', 'task_plan']]);
    // ...and so does a task's work when a worker runs it (any process: the connection is read when the task runs).
    const [task] = await local.database.db.select().from(tasks).where(eq(tasks.userId, founder.id));
    const execute = createTaskExecutor({ db: local.database.db, ai: other.models, now: Date.now, log: pino({ level: 'silent' }) });
    await execute(task!.id, 'job-1', true);
    expect(fake.requests.map((r) => [r.body.model, r.body.response_format?.json_schema?.name])).toEqual([
      ['llama3.2:latest', 'task_plan'],
      ['llama3.2:latest', 'cold_email'],
    ]);
    const [result] = await local.database.db.select().from(taskResults).where(eq(taskResults.taskId, task!.id));
    expect(result?.producedBy).toBe('llama3.2:latest');
    // No price list covers a local model: the cost says so instead of $0.
    const shown = await (await call(local, 'GET', `/api/tasks/${task!.id}/result`, { token: founder.token })).json();
    expect(shown.result).toMatchObject({ priceKnown: false, costUsd: 0, tokens: expect.any(Number) });
    const listed = await (await call(local, 'GET', `/api/tasks/${founder.id}`, { token: founder.token })).json();
    expect(listed.usage.unpricedTasks).toBe(1);
  });

  it('keeps the saved key when only the model changes, and goes back to the default on reset', async () => {
    const founder = await onboardedUser(local);
    fake.requiredKey = SECRET;
    await connectFake(local, founder);
    const changed = await save(local, founder, { kind: 'compatible', baseUrl: `${fake.baseUrl}/`, chatModel: 'qwen2.5:7b' });
    expect(changed.status).toBe(200);
    await chat(local, founder, 'Hello');
    expect(fake.requests.at(-1)).toMatchObject({ authorization: `Bearer ${SECRET}`, body: { model: 'qwen2.5:7b' } });

    const reset = await call(local, 'DELETE', PATH, { token: founder.token });
    expect(ModelSettingsResponse.parse(await reset.json()).answering.source).toBe('server');
    expect(await local.database.db.$count(modelConnections, eq(modelConnections.userId, founder.id))).toBe(0);
    const before = fake.requests.length;
    expect((await chat(local, founder, 'Hello')).internMessage.producedBy).toBe('offline');
    expect(fake.requests).toHaveLength(before);
  });

  it('a server that needs no key gets no Authorization header', async () => {
    const founder = await onboardedUser(local);
    expect((await save(local, founder, { kind: 'local', baseUrl: fake.baseUrl, chatModel: 'llama3.2:latest' })).status).toBe(200);
    await chat(local, founder, 'Hello');
    expect(fake.requests.at(-1)!.authorization).toBeUndefined();
    expect((await settings(local, founder)).connection).toMatchObject({ kind: 'local', keyHint: null });
  });
});

describe('the key stays on the server', () => {
  it('is sealed at rest, shown only as a hint, and never in a response or a log line', async () => {
    const founder = await onboardedUser(local);
    fake.requiredKey = 'sk-another-key';
    const saved = await connectFake(local, founder);
    const bodies = [await saved.text(), JSON.stringify(await settings(local, founder)), JSON.stringify(await settings(other, founder))];
    // A bad key: the model server's 401 quotes it in full, on Test connection and on a chat reply.
    bodies.push(JSON.stringify(await test(local, founder, { kind: 'compatible', baseUrl: fake.baseUrl, chatModel: 'llama3.2:latest' })));
    bodies.push(await (await call(local, 'POST', `/api/conversation/${founder.id}`, { token: founder.token, body: { role: 'user', text: 'Hi' } })).text());
    for (const body of bodies) expect(body).not.toContain(SECRET);
    expect((await settings(local, founder)).connection).toMatchObject({ keyHint: 'sk-…7c1d', baseUrl: fake.baseUrl });
    const [row] = await local.database.db.select().from(modelConnections).where(eq(modelConnections.userId, founder.id));
    expect(row!.apiKeyEnc).not.toContain(SECRET);
    expect(logged.join('')).not.toContain(SECRET);
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe('Test connection', () => {
  it('lists the models and the latency; says which failure in plain words', async () => {
    const founder = await onboardedUser(local);
    fake.models = ['llama3.2:latest'];
    const ok = await test(local, founder, { kind: 'compatible', baseUrl: fake.baseUrl, chatModel: 'llama3.2:latest' });
    expect(ok).toMatchObject({ ok: true, models: ['llama3.2:latest'], failure: null });
    expect(ok.latencyMs).toEqual(expect.any(Number));

    expect(await test(local, founder, { kind: 'compatible', baseUrl: fake.baseUrl, chatModel: 'llama9' })).toMatchObject({
      ok: false,
      failure: { kind: 'model_not_found', message: 'The model "llama9" was not found on the model server.' },
    });
    fake.requiredKey = 'sk-right';
    expect(await test(local, founder, { kind: 'compatible', baseUrl: fake.baseUrl, apiKey: 'sk-wrong' })).toMatchObject({
      ok: false,
      failure: { kind: 'bad_key', message: 'The model server rejected the API key.' },
    });
    expect(await test(local, founder, { kind: 'compatible', baseUrl: 'http://127.0.0.1:9/v1' })).toMatchObject({
      ok: false,
      failure: { kind: 'unreachable', message: 'The model server could not be reached.' },
    });
  });

  it('OpenAI needs a key; a bad base URL is a 400 naming the field, and nothing is stored', async () => {
    const founder = await onboardedUser(local);
    const noKey = await save(local, founder, { kind: 'openai', chatModel: 'gpt-4o-mini' });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).error).toMatchObject({ message: MODEL_SETTINGS.texts.keyRequired, field: 'apiKey' });
    for (const baseUrl of ['ftp://models.example.com', 'http://user:pw@models.example.com/v1', 'http://models.example.com/v1?x=1', 'not a url']) {
      const res = await save(local, founder, { kind: 'compatible', baseUrl, chatModel: 'm' });
      expect(res.status).toBe(400);
    }
    const noModel = await save(local, founder, { kind: 'compatible', baseUrl: fake.baseUrl, chatModel: ' ' });
    expect(noModel.status).toBe(400);
    expect(await local.database.db.$count(modelConnections, eq(modelConnections.userId, founder.id))).toBe(0);
  });
});

describe('the SSRF rule', () => {
  it('a hosted server refuses loopback and private model servers, on Save and on Test', async () => {
    const founder = await onboardedUser(hosted);
    for (const [baseUrl, text] of [
      [fake.baseUrl, MODEL_SETTINGS.texts.localNotHere],
      ['http://10.0.0.5:11434/v1', MODEL_SETTINGS.texts.blockedAddress],
      ['http://169.254.169.254/v1', MODEL_SETTINGS.texts.blockedAddress],
    ] as const) {
      const saved = await save(hosted, founder, { kind: 'compatible', baseUrl, chatModel: 'm' });
      expect(saved.status).toBe(400);
      expect((await saved.json()).error.message).toBe(text);
      expect(await test(hosted, founder, { kind: 'compatible', baseUrl, chatModel: 'm' })).toMatchObject({
        ok: false,
        failure: { kind: 'blocked_address', message: text },
      });
    }
    const local = await save(hosted, founder, { kind: 'local', baseUrl: fake.baseUrl, chatModel: 'm' });
    expect((await local.json()).error.message).toBe(MODEL_SETTINGS.texts.localNotHere);
    expect(fake.requests).toHaveLength(0);
    expect(await hosted.database.db.$count(modelConnections, eq(modelConnections.userId, founder.id))).toBe(0);
  });

  it('a local install refuses loopback to a client on another machine', async () => {
    // Signed up here (the dev mailbox answers this machine only), then seen from elsewhere.
    const founder = await onboardedUser(local);
    const saved = await save(remote, founder, { kind: 'local', baseUrl: fake.baseUrl, chatModel: 'm' });
    expect(saved.status).toBe(400);
    expect((await saved.json()).error.message).toBe(MODEL_SETTINGS.texts.localNotHere);
    expect((await test(remote, founder, { kind: 'compatible', baseUrl: fake.baseUrl })).failure?.kind).toBe('blocked_address');
  });

  it('a connection saved locally is not used once the server runs hosted: the reply fails, nothing reaches loopback', async () => {
    const founder = await onboardedUser(local);
    await connectFake(local, founder);
    const res = await call(hosted, 'POST', `/api/conversation/${founder.id}`, { token: founder.token, body: { role: 'user', text: 'Hi from afar' } });
    expect(res.status).toBe(502);
    // (The local server's workers may run this founder's tasks on the fake meanwhile: that is allowed there.)
    expect(fake.requests.filter((r) => r.body.messages.at(-1)?.content === 'Hi from afar')).toEqual([]);
  });

  it('every route needs the bearer', async () => {
    for (const [method, path] of [['GET', PATH], ['PUT', PATH], ['DELETE', PATH], ['POST', `${PATH}/test`]] as const) {
      expect((await call(local, method, path, { body: method === 'PUT' || method === 'POST' ? {} : undefined })).status).toBe(401);
    }
  });
});

describe("a founder's own speech (voice notes and calls)", () => {
  const status = async (t: TestServer, user: TestUser) =>
    TranscriptionStatus.parse(await (await call(t, 'GET', '/transcription/status', { token: user.token })).json());
  const none = { available: false, engine: null, provider: null, reason: null };
  const upload = (t: TestServer, user: TestUser) => {
    const form = new FormData();
    form.set('audio', new Blob([new Uint8Array(webm(4000))], { type: 'audio/webm' }), 'recording.webm');
    return fetch(`${t.baseUrl}/transcription`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  };

  it('transcribes on the founder\'s server once they name its transcription model; the server has no voice of its own', async () => {
    const founder = await onboardedUser(local);
    const bystander = await onboardedUser(local);
    expect(await status(local, founder)).toEqual(none);
    expect((await upload(local, founder)).status).toBe(503);

    fake.requiredKey = SECRET;
    fake.transcript = 'Find ten bakery owners in Lisbon.';
    await connectFake(local, founder, { transcriptionModel: 'whisper-large-v3' });
    expect((await settings(local, founder)).voice).toEqual({ transcription: true, calls: false, transcriptionEngine: 'openai', callsEngine: null });
    expect(await status(local, founder)).toEqual({ available: true, engine: 'openai', provider: 'whisper-large-v3', reason: null });
    const res = await upload(local, founder);
    expect(res.status).toBe(200);
    expect((await res.json()).text).toBe('Find ten bakery owners in Lisbon.');
    expect(fake.transcriptions.at(-1)).toMatchObject({ authorization: `Bearer ${SECRET}`, model: 'whisper-large-v3' });

    // Another founder still has the server's (none); a connection without a speech model offers none either.
    expect(await status(local, bystander)).toEqual(none);
    await connectFake(local, bystander);
    expect((await settings(local, bystander)).voice).toEqual({ transcription: false, calls: false, transcriptionEngine: null, callsEngine: null });
    const calls = await call(local, 'GET', `/api/realtime-voice/session?userId=${bystander.id}`, { token: bystander.token });
    expect(calls.status).toBe(503);
  });

  it('an OpenAI connection offers OpenAI\'s own speech models for voice notes and calls', async () => {
    const founder = await onboardedUser(local);
    // Saved as the form would after its checks (a test machine cannot resolve api.openai.com to check it again).
    await local.database.db.insert(modelConnections).values({
      userId: founder.id,
      kind: 'openai',
      baseUrl: MODEL_SETTINGS.openAiBaseUrl,
      chatModel: 'gpt-4o-mini',
      realtimeModel: 'gpt-realtime-mini',
    });
    expect((await settings(local, founder)).voice).toEqual({ transcription: true, calls: true, transcriptionEngine: 'openai', callsEngine: 'openai' });
    const voice = createVoiceModels({
      db: local.database.db,
      config: local.config,
      tokenKey: local.config.social.tokenKey!,
      serverVoice: createUnavailableVoiceProvider(),
    });
    const calls = await voice.forUser(founder.id, 'calls');
    expect(calls).toMatchObject({ available: true, realtimeModel: 'gpt-realtime-mini', callsUrl: 'https://api.openai.com/v1/realtime/calls' });
    expect((await voice.forUser(founder.id, 'transcription')).describe).toContain('whisper-1');
  });

  it.skipIf(!speechHere)('with local speech on the server: voice runs on this machine until the connection offers a use', async () => {
    const t = localVoice!;
    const founder = await onboardedUser(t);
    expect((await settings(t, founder)).voice).toEqual({ transcription: true, calls: true, transcriptionEngine: 'local', callsEngine: 'local' });
    expect(await status(t, founder)).toEqual({ available: true, engine: 'local', provider: 'pocketsphinx', reason: null });
    // A connection with a transcription model takes the voice notes; calls stay local (it offers none).
    await connectFake(t, founder, { transcriptionModel: 'whisper-large-v3' });
    expect((await settings(t, founder)).voice).toEqual({ transcription: true, calls: true, transcriptionEngine: 'openai', callsEngine: 'local' });
    expect(await status(t, founder)).toEqual({ available: true, engine: 'openai', provider: 'whisper-large-v3', reason: null });
  });
});
