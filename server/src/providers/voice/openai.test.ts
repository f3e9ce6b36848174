import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VOICE, VOICE_TEXT } from '@cofounder/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { createOpenAiVoiceProvider } from './openai.ts';
import { VoiceProviderError, type RealtimeTool, type VoiceProvider } from './port.ts';
import { createUnavailableVoiceProvider } from './unavailable.ts';

const API_KEY = 'sk-test-voice-secret-1234';
let fake: FakeOpenAi;
let voice: VoiceProvider;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  voice = createOpenAiVoiceProvider({ apiKey: API_KEY, baseUrl: fake.baseUrl, timeoutMs: 5000, maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** 4,000 bytes starting with the EBML magic: a "webm" of one second at the recorder's 32 kbit/s. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3996, 7)]);
const upload = { file: webm, filename: 'recording.webm', mimeType: 'audio/webm' };

const createTask: RealtimeTool = {
  type: 'function',
  name: 'create_task',
  description: 'Add a task for the intern',
  parameters: { type: 'object', properties: { description: { type: 'string' } }, required: ['description'] },
};
const session = { instructions: 'You are Nova, a helpful intern.', tools: [createTask], voice: 'marin', model: 'gpt-realtime' };

async function failure(promise: Promise<unknown>): Promise<VoiceProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VoiceProviderError);
  return err as VoiceProviderError;
}

describe('OpenAI voice adapter against the fake server', () => {
  it('transcribes with whisper-1 as verbose_json and returns the duration', async () => {
    fake.transcript = 'Ship the landing page this week';
    const result = await voice.transcribe({ ...upload, language: 'en', prompt: 'Cofounder, Nova' });
    expect(result).toEqual({ text: 'Ship the landing page this week', duration: 1 });
    expect(fake.transcriptions).toEqual([
      {
        authorization: `Bearer ${API_KEY}`,
        model: VOICE.transcriptionModel,
        filename: 'recording.webm',
        bytes: webm.length,
        language: 'en',
        prompt: 'Cofounder, Nova',
        responseFormat: 'verbose_json',
      },
    ]);
  });

  it('streams a file from disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voice-'));
    try {
      await writeFile(join(dir, 'upload'), webm);
      fake.duration = 12.5;
      const result = await voice.transcribe({ ...upload, file: createReadStream(join(dir, 'upload')) });
      expect(result).toEqual({ text: 'Hello from the fake transcription', duration: 12.5 });
      expect(fake.transcriptions[0]).toMatchObject({ bytes: webm.length, language: undefined, prompt: undefined });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a file that is not audio is a 400 with the provider message', async () => {
    const err = await failure(voice.transcribe({ ...upload, file: Buffer.from('definitely not audio') }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^Invalid file format\./);
  });

  it('mints a client secret for the session the server describes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const secret = await voice.createClientSecret(session);
    expect(secret.value).toMatch(/^ek_fake_/);
    expect(fake.mintedSecrets.has(secret.value)).toBe(true);
    expect(secret.expiresAt).toBeGreaterThanOrEqual(before + VOICE.clientSecretTtlSeconds);
    const [sent] = fake.clientSecrets;
    expect(sent!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent!.body).toEqual({
      expires_after: { anchor: 'created_at', seconds: VOICE.clientSecretTtlSeconds },
      session: {
        type: 'realtime',
        model: 'gpt-realtime',
        instructions: session.instructions,
        audio: { input: { transcription: { model: 'whisper-1' } }, output: { voice: 'marin' } },
        tools: [createTask],
      },
    });
  });

  it('points the browser at the realtime calls endpoint of the same base URL', () => {
    expect(voice.callsUrl).toBe(`${fake.baseUrl}/realtime/calls`);
    const hosted = createOpenAiVoiceProvider({ apiKey: API_KEY, baseUrl: null, timeoutMs: 5000, maxRetries: 0 });
    expect(hosted.callsUrl).toBe('https://api.openai.com/v1/realtime/calls');
  });

  it('maps 401, 429 and 500 to safe messages that never carry the key', async () => {
    for (const status of [401, 429, 500]) {
      fake.fail(status, 2);
      for (const attempt of [() => voice.transcribe(upload), () => voice.createClientSecret(session)]) {
        const err = await failure(attempt());
        expect(err.status).toBe(status);
        expect(err.message).not.toContain(API_KEY);
        expect(err.message).not.toMatch(/sk-/);
        expect(JSON.stringify(err)).not.toContain(API_KEY);
      }
    }
    expect(fake.transcriptions).toHaveLength(3);
    expect(fake.clientSecrets).toHaveLength(3);
  });

  it('an unreachable server is a 502', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const offline = createOpenAiVoiceProvider({ apiKey: API_KEY, baseUrl: closed.baseUrl, timeoutMs: 2000, maxRetries: 0 });
    const err = await failure(offline.transcribe(upload));
    expect(err.status).toBe(502);
    expect(err.message).not.toContain(API_KEY);
  });
});

describe('unavailable voice provider', () => {
  it('says so and refuses every call with 503', async () => {
    const off = createUnavailableVoiceProvider();
    expect(off.available).toBe(false);
    for (const attempt of [() => off.transcribe(upload), () => off.createClientSecret(session)]) {
      const err = await failure(attempt());
      expect(err).toMatchObject({ status: 503, message: VOICE_TEXT.unavailable });
    }
  });
});
