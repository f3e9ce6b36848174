import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS, type ConversationResponse } from '@cofounder/shared';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { FAKE_TWILIO_NUMBER, postTwilioWebhook, startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, type TestUser } from '../../test/users.ts';
import { settleVoicemails } from './sms.routes.ts';

let t: TestServer;
let twilio: FakeTwilio;
let openai: FakeOpenAi;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  openai = await startFakeOpenAi();
  openai.transcript = 'Please draft a launch post for Friday.';
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    // Speech through the fake; the chat stays the offline co-founder (no OPENAI_API_KEY).
    env: { ...CHAT_TEST_OPTIONS.env, ...twilio.env, VOICE_OPENAI_API_KEY: 'sk-voice', VOICE_OPENAI_BASE_URL: openai.baseUrl },
  });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
  await openai?.close();
});

async function verifiedUser(phone: string): Promise<TestUser> {
  const user = await onboardedUser(t);
  await givePlan(t.database, user.id, 'builder');
  const gen = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
  const { code } = (await gen.json()) as { code: string };
  await postTwilioWebhook(t.baseUrl, '/api/sms/webhook', { From: phone, To: FAKE_TWILIO_NUMBER, Body: code });
  return user;
}

describe('voicemail', () => {
  it('fetches the recording from Twilio with the account auth, transcribes it into the chat and replies by SMS', async () => {
    const phone = '+14157770001';
    const user = await verifiedUser(phone);
    const before = twilio.sent.filter((m) => m.To === phone).length;
    const res = await postTwilioWebhook(t.baseUrl, '/api/voice/recording', {
      From: phone,
      To: FAKE_TWILIO_NUMBER,
      RecordingUrl: twilio.recordingUrl('RE0123456789abcdef'),
      RecordingDuration: '7',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<Hangup/>');
    await settleVoicemails();
    expect(twilio.recordingFetches.length).toBe(2);
    expect(openai.transcriptions.at(-1)?.filename).toBe('voicemail.wav');
    const chat = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    const spokenAt = chat.messages.findIndex((m) => m.role === 'user' && m.text === 'Please draft a launch post for Friday.');
    expect(chat.messages[spokenAt]).toMatchObject({ via: 'phone' });
    expect(chat.messages[spokenAt + 1]).toMatchObject({ role: 'intern', via: 'phone' });
    expect(chat.messages.at(-1)?.role).toBe('intern');
    const replies = twilio.sent.filter((m) => m.To === phone).slice(before);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.Body.length <= SMS.segmentChars)).toBe(true);
  });

  it('never sends the account auth to another host: a foreign RecordingUrl leaves only a voicemail note', async () => {
    const phone = '+14157770002';
    const user = await verifiedUser(phone);
    const fetches = twilio.recordingFetches.length;
    const res = await postTwilioWebhook(t.baseUrl, '/api/voice/recording', {
      From: phone,
      RecordingUrl: 'https://attacker.example/2010-04-01/Accounts/x/Recordings/RE1',
      RecordingDuration: '12',
    });
    expect(res.status).toBe(200);
    await settleVoicemails();
    expect(twilio.recordingFetches.length).toBe(fetches);
    const chat = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    expect(chat.messages.at(-1)).toMatchObject({ role: 'user', text: 'Voicemail received by phone (12 s).', via: 'phone' });
  });

  it('refuses an unsigned recording callback', async () => {
    const res = await postTwilioWebhook(t.baseUrl, '/api/voice/recording', { From: '+14157770001', RecordingUrl: 'x' }, { signature: null });
    expect(res.status).toBe(403);
  });
});
