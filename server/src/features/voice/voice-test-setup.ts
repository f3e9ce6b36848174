import { Writable } from 'node:stream';
import pino from 'pino';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

// Test-only: a server whose voice provider is the real OpenAI adapter pointed at the fake, with its log captured.

export const VOICE_TEST_KEY = 'sk-voice-test-key-0123456789abcdef';

/** The first bytes of a webm (EBML) file: enough for the format check. */
export const WEBM_HEAD = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]);

export const webm = (bytes: number): Buffer => Buffer.concat([WEBM_HEAD, Buffer.alloc(Math.max(0, bytes - WEBM_HEAD.length), 7)]);

export interface VoiceTestServer {
  t: TestServer;
  fake: FakeOpenAi;
  /** Every log line the app wrote, raw. */
  logs: string[];
  close(): Promise<void>;
}

export async function startVoiceTestServer(): Promise<VoiceTestServer> {
  const fake = await startFakeOpenAi();
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, VOICE_OPENAI_API_KEY: VOICE_TEST_KEY, VOICE_OPENAI_BASE_URL: fake.baseUrl },
    log: pino({ level: 'debug' }, sink),
  });
  return {
    t,
    fake,
    logs,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
