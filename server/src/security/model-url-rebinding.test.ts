import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODEL_SETTINGS, ModelConnectionInput, ModelConnectionTest, ModelSettingsResponse, type ModelTestResponse } from '@cofounder/shared';
import { messages, modelConnections } from '../db/schema.ts';
import { createConversationService } from '../features/conversation/conversation.service.ts';
import { createAiModels, createModelSettingsService, createVoiceModels } from '../features/model-settings/model-settings.service.ts';
import { createUsageService } from '../features/usage/usage.service.ts';
import { AppError } from '../http/errors.ts';
import type { HostLookup } from '../providers/ai/openai/guarded-fetch.ts';
import { request } from '../providers/ai/openai/test-setup.ts';
import { createUnavailableVoiceProvider } from '../providers/voice/unavailable.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, type TestUser } from '../test/users.ts';
import { webm } from '../features/voice/voice-test-setup.ts';

// A founder's saved model URL is checked where each connection is made, not only when saved: a name that resolved to
// a public address at Save and to 127.0.0.1 later must not reach this machine's loopback, unless the founder saved it
// from this machine on a local install. Test connection answers every refused name as a name that resolves nowhere,
// so it maps neither internal names nor open ports. DNS is the test's own (`zone`), consulted at every lookup.

const PUBLIC = '93.184.216.34';
const LOOPBACK_ANSWER = 'Only the model server on loopback says this.';

/** name → the addresses it resolves to right now. */
const zone = new Map<string, string[]>();
const lookup: HostLookup = async (host) => {
  const found = zone.get(host);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
  return found.map((address) => ({ address, family: isIP(address) }));
};

let fake: FakeOpenAi;
/** The model server on this machine's loopback: counts every request it receives, whatever the path. */
let loopbackModel: Server;
let loopbackHits: string[] = [];
let port = 0;
let local: TestServer;
/** The same local install, seen from another machine. */
let remote: TestServer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  loopbackModel = createServer((req, res) => {
    loopbackHits.push(`${req.method} ${req.url}`);
    fake.handle(req, res);
  });
  await new Promise<void>((done) => loopbackModel.listen(0, '127.0.0.1', done));
  port = (loopbackModel.address() as { port: number }).port;
  local = await startTestServer(CHAT_TEST_OPTIONS);
  remote = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    database: local.database,
    env: { ...CHAT_TEST_OPTIONS.env, PUBLIC_URL: local.baseUrl },
    clientAddress: '203.0.113.7',
  });
}, 60_000);
afterAll(async () => {
  await remote?.close();
  await local?.close();
  loopbackModel?.closeAllConnections();
  await new Promise((done) => loopbackModel?.close(done));
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  fake.reply = LOOPBACK_ANSWER;
  loopbackHits = [];
  zone.clear();
});

/** The server's model settings, chat and speech, as a process of a server built from `t`'s config would run them. */
function serverParts(t: TestServer, configure: (config: TestServer['config']) => void = () => {}) {
  const config = { ...t.config };
  configure(config);
  const db = t.database.db;
  const tokenKey = config.social.tokenKey!;
  const serverDefault = t.models.serverDefault;
  const models = createAiModels({ db, config, tokenKey, serverDefault, lookup });
  return {
    settings: createModelSettingsService({ db, config, tokenKey, serverDefault, serverVoice: createUnavailableVoiceProvider(), now: Date.now, lookup }),
    models,
    voice: createVoiceModels({ db, config, tokenKey, serverVoice: createUnavailableVoiceProvider(), lookup }),
    chat: createConversationService({ db, ai: models, usage: createUsageService(db, Date.now), now: Date.now, log: pino({ level: 'silent' }), queue: null }),
  };
}

const connection = (baseUrl: string, extra: Record<string, unknown> = {}) =>
  ModelConnectionInput.parse({ kind: 'compatible', baseUrl, chatModel: 'llama3.2:latest', ...extra });
const savedRow = async (founder: TestUser) =>
  (await local.database.db.select().from(modelConnections).where(eq(modelConnections.userId, founder.id)))[0];
/** What the founder's chat shows: the reply, or the error the route answers with. */
async function chatReply(parts: ReturnType<typeof serverParts>, founder: TestUser, text: string): Promise<string> {
  try {
    return (await (await parts.chat.send(founder.id, text)).run()).aiResponse.message;
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.message}`;
    throw err;
  }
}
const recording = () => ({ file: Buffer.from(webm(4000)), filename: 'recording.webm', mimeType: 'audio/webm' });
const UNREACHABLE_REPLY = '502 The model server could not be reached.';
const UNREACHABLE: ModelTestResponse = {
  success: true,
  ok: false,
  models: [],
  latencyMs: null,
  failure: { kind: 'unreachable', message: 'The model server could not be reached.' },
};

describe("a founder's saved model URL", () => {
  it('a remote client saves while the name resolves to a public address; rebound to 127.0.0.1 it never reaches loopback', async () => {
    const founder = await onboardedUser(local);
    const parts = serverParts(local);
    const elsewhere = { userId: founder.id, fromThisMachine: false };
    zone.set('rebind.test', [PUBLIC]);
    await parts.settings.save(elsewhere, connection(`http://rebind.test:${port}/v1`, { transcriptionModel: 'whisper-large-v3' }));
    expect(await savedRow(founder)).toMatchObject({ baseUrl: `http://rebind.test:${port}/v1`, savedOnThisMachine: false });

    zone.set('rebind.test', ['127.0.0.1']);
    // Chat, from any machine now: the allowance is the save's, not the reader's.
    expect(await chatReply(parts, founder, 'What should I do first?')).toBe(UNREACHABLE_REPLY);
    const stored = await local.database.db.select().from(messages).where(eq(messages.userId, founder.id));
    expect(stored.map((m) => m.text).join('\n')).not.toContain(LOOPBACK_ANSWER);
    // Task work (structured answers) and transcription through the same connection.
    const ai = await parts.models.forUser(founder.id);
    await expect(ai.complete(request)).rejects.toMatchObject({ kind: 'unreachable' });
    const voice = await parts.voice.forUser(founder.id, 'transcription');
    await expect(voice.transcribe(recording())).rejects.toThrow('could not be reached');
    // Test connection of the saved server, with the saved key.
    expect(await parts.settings.test(elsewhere, ModelConnectionTest.parse({ kind: 'compatible', baseUrl: `http://rebind.test:${port}/v1`, chatModel: 'llama3.2:latest' }))).toEqual(UNREACHABLE);
    expect(loopbackHits).toEqual([]);
  });

  it('a name resolving to public and loopback addresses at once is refused as a whole', async () => {
    const founder = await onboardedUser(local);
    const parts = serverParts(local);
    zone.set('both.test', [PUBLIC]);
    await parts.settings.save({ userId: founder.id, fromThisMachine: false }, connection(`http://both.test:${port}/v1`));
    zone.set('both.test', [PUBLIC, '127.0.0.1']);
    expect(await chatReply(parts, founder, 'Hello')).toBe(UNREACHABLE_REPLY);
    expect(loopbackHits).toEqual([]);
  });

  it('a save over the network is stored unmarked; one from this machine of a local install is marked', async () => {
    const founder = await onboardedUser(local);
    const fromAfar = await call(remote, 'PUT', '/api/model-settings', { token: founder.token, body: { kind: 'compatible', baseUrl: `http://${PUBLIC}:${port}/v1`, chatModel: 'm' } });
    expect(fromAfar.status).toBe(200);
    expect(await savedRow(founder)).toMatchObject({ savedOnThisMachine: false });
    const here = await call(local, 'PUT', '/api/model-settings', { token: founder.token, body: { kind: 'compatible', baseUrl: `http://127.0.0.1:${port}/v1`, chatModel: 'm' } });
    expect(ModelSettingsResponse.parse(await here.json()).connection).toMatchObject({ baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(await savedRow(founder)).toMatchObject({ savedOnThisMachine: true });
  });

  it('saved from this machine of a local install it still reaches the loopback server, by name too, until the server runs hosted', async () => {
    const founder = await onboardedUser(local);
    const parts = serverParts(local);
    zone.set('models.test', ['127.0.0.1']);
    fake.transcript = 'Find ten bakery owners in Lisbon.';
    await parts.settings.save({ userId: founder.id, fromThisMachine: true }, connection(`http://models.test:${port}/v1`, { transcriptionModel: 'whisper-large-v3' }));
    expect(await savedRow(founder)).toMatchObject({ savedOnThisMachine: true });
    expect(await chatReply(parts, founder, 'What should I do first?')).toBe(LOOPBACK_ANSWER);
    expect((await (await parts.voice.forUser(founder.id, 'transcription')).transcribe(recording())).text).toBe(fake.transcript);
    expect(loopbackHits).toEqual(['POST /v1/chat/completions', 'POST /v1/audio/transcriptions']);

    const hosted = serverParts(local, (config) => (config.localConveniences = []));
    expect(await chatReply(hosted, founder, 'Hello again')).toBe(UNREACHABLE_REPLY);
    expect(loopbackHits).toHaveLength(2);
  });
});

describe('Test connection is no map of the network', () => {
  const elsewhereTargets = () => [
    `http://loopback.test:${port}/v1`, // loopback, a port that is open
    'http://loopback.test:9/v1', // loopback, a port that is closed
    'http://intranet.test:11434/v1', // a private network address
    'http://metadata.test/v1', // the cloud metadata address
    'http://mixed.test/v1', // public and private at once
    'http://nowhere.test/v1', // no such name
  ];
  const refusedZone = () => {
    zone.set('loopback.test', ['127.0.0.1']);
    zone.set('intranet.test', ['10.0.0.5']);
    zone.set('metadata.test', ['169.254.169.254']);
    zone.set('mixed.test', [PUBLIC, '192.168.1.20']);
  };

  it('answers every refused name exactly as a name that resolves nowhere, on Test and on Save', async () => {
    const founder = await onboardedUser(local);
    const parts = serverParts(local);
    refusedZone();
    for (const fromThisMachine of [false, true]) {
      const caller = { userId: founder.id, fromThisMachine };
      // From this machine loopback is allowed: only the names it may not reach are compared there.
      const targets = elsewhereTargets().filter((url) => !(fromThisMachine && url.includes('loopback.test')));
      for (const baseUrl of targets) {
        expect(await parts.settings.test(caller, ModelConnectionTest.parse({ kind: 'compatible', baseUrl, chatModel: 'm' })), baseUrl).toEqual(UNREACHABLE);
        const saved = await parts.settings.save(caller, connection(baseUrl)).catch((err: unknown) => err);
        expect(saved, baseUrl).toBeInstanceOf(AppError);
        expect(saved, baseUrl).toMatchObject({ status: 400, message: UNREACHABLE.failure!.message, field: 'baseUrl' });
      }
    }
    expect(loopbackHits).toEqual([]);
    expect(await savedRow(founder)).toBeUndefined();
  });

  it('a name that changes between the check and the connection is refused at the connection, with the same answer', async () => {
    const founder = await onboardedUser(local);
    const parts = serverParts(local);
    zone.set('flip.test', [PUBLIC]);
    const flipping: HostLookup = async (host) => {
      const found = await lookup(host);
      zone.set('flip.test', ['127.0.0.1']); // public for the check, loopback for every lookup after it
      return found;
    };
    const config = local.config;
    const settings = createModelSettingsService({
      db: local.database.db,
      config,
      tokenKey: config.social.tokenKey!,
      serverDefault: parts.models.serverDefault,
      serverVoice: createUnavailableVoiceProvider(),
      now: Date.now,
      lookup: flipping,
    });
    const result = await settings.test({ userId: founder.id, fromThisMachine: false }, ModelConnectionTest.parse({ kind: 'compatible', baseUrl: `http://flip.test:${port}/v1`, chatModel: 'm' }));
    expect(result).toEqual(UNREACHABLE);
    expect(loopbackHits).toEqual([]);
  });

  it('an address the founder typed is still refused in plain words: it tells them nothing they did not write', async () => {
    const founder = await onboardedUser(local);
    const parts = serverParts(local);
    const elsewhere = { userId: founder.id, fromThisMachine: false };
    zone.set('localhost', ['127.0.0.1']);
    for (const [baseUrl, message] of [
      ['http://10.0.0.5:11434/v1', MODEL_SETTINGS.texts.blockedAddress],
      [`http://127.0.0.1:${port}/v1`, MODEL_SETTINGS.texts.localNotHere],
      [`http://localhost:${port}/v1`, MODEL_SETTINGS.texts.localNotHere],
    ] as const) {
      expect(await parts.settings.test(elsewhere, ModelConnectionTest.parse({ kind: 'compatible', baseUrl }))).toMatchObject({
        ok: false,
        failure: { kind: 'blocked_address', message },
      });
    }
    expect(loopbackHits).toEqual([]);
  });
});
