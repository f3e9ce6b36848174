import { Writable } from 'node:stream';
import { ChatStreamError } from '@cofounder/shared';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { readSse } from '../../test/sse.ts';
import { call, type TestUser } from '../../test/users.ts';

// What the founder reads when the model server itself fails (issue 23 §4), through the whole app.

const KEY = 'sk-server-secret-9876';
let logged = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString('utf8');
    done();
  },
});

let fake: FakeOpenAi;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    log: pino({ level: 'info' }, sink),
    env: {
      ...CHAT_TEST_OPTIONS.env,
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'llama3.1:8b',
      OPENAI_MAX_RETRIES: '0',
      OPENAI_FIRST_TOKEN_TIMEOUT_MS: '300',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const send = (user: TestUser, text: string, headers: Record<string, string> = {}) =>
  call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text }, headers });

/** The error text of a whole reply and of a streamed one. */
async function bothErrors(user: TestUser): Promise<string[]> {
  const res = await send(user, 'Are you there?');
  expect(res.status).toBe(502);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('ai_unavailable');
  const events = await readSse(await send(user, 'Still there?', { accept: 'text/event-stream' }));
  expect(events.at(-1)!.event).toBe('error');
  return [body.error.message, ChatStreamError.parse(JSON.parse(events.at(-1)!.data)).error];
}

describe("the model server's failures reach the founder in plain words", () => {
  it('a rejected key, never quoting it in a response or the log', async () => {
    const user = await onboardedUser(t);
    fake.fail(401);
    logged = '';
    expect(await bothErrors(user)).toEqual(['The model server rejected the API key.', 'The model server rejected the API key.']);
    expect(logged).toContain('chat reply failed');
    expect(logged).not.toContain(KEY);
  });

  it('a model the server does not have, by name', async () => {
    const user = await onboardedUser(t);
    fake.models = ['qwen2.5:7b'];
    const text = 'The model "llama3.1:8b" was not found on the model server.';
    expect(await bothErrors(user)).toEqual([text, text]);
  });

  it('a model that does not start answering in time', async () => {
    const user = await onboardedUser(t);
    fake.chunkDelayMs = 2000;
    const events = await readSse(await send(user, 'Hello?', { accept: 'text/event-stream' }));
    expect(events.map((e) => e.event)).toEqual(['error']);
    expect(ChatStreamError.parse(JSON.parse(events[0]!.data))).toEqual({
      status: 502,
      error: 'The model did not start answering in time.',
    });
  });
});
