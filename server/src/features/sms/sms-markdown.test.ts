import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS, type ConversationResponse, type SimulateTextResponse, type SmsMessagesResponse } from '@cofounder/shared';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call } from '../../test/users.ts';

// A model's Markdown answer to a text (local phone mode, the real OpenAI adapter against the fake).

let t: TestServer;
let openai: FakeOpenAi;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, OPENAI_API_KEY: 'test', OPENAI_BASE_URL: openai.baseUrl, OPENAI_MODEL: 'fake-model', OPENAI_MAX_RETRIES: '1' },
  });
});
afterAll(async () => {
  await t?.close();
  await openai?.close();
});

const ANSWER = [
  '## Your week',
  '',
  'Focus on **three customer calls** and *one* demo. Use [this script](https://example.com/script) for the calls.',
  '',
  '- Call the `bakery` owners you met',
  '- Ask what they pay for waste today',
  '',
  '1. Book the calls by Tuesday',
  '2. Send a __short__ recap on Friday',
].join('\n');

describe('SMS replies from a Markdown answer', () => {
  it('texts the answer as plain text in numbered segments, split at line and sentence ends; the chat keeps the Markdown', async () => {
    const user = await onboardedUser(t);
    await givePlan(t.database, user.id, 'builder');
    const simulate = async (from: string, body: string) => {
      const res = await call(t, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from, body } });
      expect(res.status).toBe(200);
      return ((await res.json()) as SimulateTextResponse).replies;
    };
    const gen = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
    const { code } = (await gen.json()) as { code: string };
    const phone = '+14158880001';
    expect(await simulate(phone, code)).toEqual([SMS.texts.verified]);

    openai.reply = ANSWER;
    const replies = await simulate(phone, 'What should I do this week?');
    const expected = [
      '(1/2) Your week\n\nFocus on three customer calls and one demo. Use this script (https://example.com/script) for the calls.',
      '(2/2) - Call the bakery owners you met\n- Ask what they pay for waste today\n\n1. Book the calls by Tuesday\n2. Send a short recap on Friday',
    ];
    expect(replies).toEqual(expected);

    // What was stored (the outbox a real send would have carried) is the same plain, numbered text.
    const thread = (await (await call(t, 'GET', `/api/sms/messages/${user.id}`, { token: user.token })).json()) as SmsMessagesResponse;
    const out = thread.messages.filter((m) => m.direction === 'out').map((m) => m.body);
    expect(out).toEqual([SMS.texts.verified, ...expected]);
    expect(out.every((body) => body.length <= SMS.segmentChars && !/\*\*|__|`|#/.test(body))).toBe(true);

    const chat = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    expect(chat.messages.at(-1)).toMatchObject({ role: 'intern', text: ANSWER, via: 'sms' });
  });
});
