import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_SMS_MARK, SMS, type ConversationResponse, type SmsMessagesResponse, type SmsStatusResponse } from '@cofounder/shared';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { FAKE_TWILIO_NUMBER, postTwilioWebhook, startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, type TestUser } from '../../test/users.ts';
import { smsMessages, smsNumbers, usageCounters } from '../../db/schema.ts';
import { PLANS } from '@cofounder/shared';
import { monthKey, USAGE_LIMIT_MESSAGE } from '../usage/usage.service.ts';
import { replySegments } from './text.ts';
import { eq } from 'drizzle-orm';

let t: TestServer;
let twilio: FakeTwilio;
let seq = 0;
const newNumber = () => `+1415555${String(1000 + seq++).padStart(4, '0')}`;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, env: { ...CHAT_TEST_OPTIONS.env, ...twilio.env } });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

async function builder(): Promise<TestUser> {
  const user = await onboardedUser(t);
  await givePlan(t.database, user.id, 'builder');
  return user;
}

/** One inbound text as Twilio delivers it; every text has its own MessageSid unless a test repeats one. */
const text = (from: string, body: string, options?: { signature?: string | null; sid?: string }) =>
  postTwilioWebhook(
    t.baseUrl,
    '/api/sms/webhook',
    { From: from, To: FAKE_TWILIO_NUMBER, Body: body, MessageSid: options?.sid ?? `SM${randomUUID().replace(/-/g, '')}` },
    options,
  );

async function status(user: TestUser): Promise<SmsStatusResponse> {
  const res = await call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as SmsStatusResponse;
}

async function code(user: TestUser): Promise<string> {
  const res = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

const sentTo = (phone: string) => twilio.sent.filter((m) => m.To === phone).map((m) => m.Body);

async function verified(): Promise<{ user: TestUser; phone: string }> {
  const user = await builder();
  const phone = newNumber();
  expect((await text(phone, `my code is ${await code(user)}`)).status).toBe(200);
  expect((await status(user)).isVerified).toBe(true);
  return { user, phone };
}

describe('SMS with Twilio (fake REST server, signed webhooks)', () => {
  it('status says real mode and the Twilio number', async () => {
    const user = await builder();
    const s = await status(user);
    expect(s).toMatchObject({ success: true, mode: 'real', twilioNumber: FAKE_TWILIO_NUMBER, isVerified: false, hasCode: false, code: null });
  });

  it('refuses unsigned and mis-signed webhooks with 403 and stores nothing', async () => {
    const phone = newNumber();
    const unsigned = await text(phone, 'hello', { signature: null });
    expect(unsigned.status).toBe(403);
    const wrong = await text(phone, 'hello', { signature: 'c2lnbmF0dXJl' });
    expect(wrong.status).toBe(403);
    // Signed for other params (a tampered body).
    const tampered = await fetch(`${t.baseUrl}/api/sms/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
      body: new URLSearchParams({ From: phone, Body: 'x' }).toString(),
    });
    expect(tampered.status).toBe(403);
    const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.fromNumber, phone));
    expect(rows).toHaveLength(0);
    expect(sentTo(phone)).toHaveLength(0);
  });

  it('the simulate route is 404 with Twilio', async () => {
    const user = await builder();
    const res = await call(t, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from: newNumber(), body: 'hi' } });
    expect(res.status).toBe(404);
  });

  it('an unknown number without a code is told how to connect; a wrong code does not verify', async () => {
    const user = await builder();
    await code(user);
    const phone = newNumber();
    const res = await text(phone, 'hello there');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    expect(await res.text()).toContain('<Response></Response>');
    expect(sentTo(phone)).toEqual([SMS.texts.unknownNumber]);
    await text(phone, '000000');
    await text(phone, '12345');
    expect(sentTo(phone).slice(1)).toEqual([SMS.texts.wrongCode, SMS.texts.unknownNumber]);
    expect((await status(user)).isVerified).toBe(false);
  });

  it('an expired code does not verify', async () => {
    const user = await builder();
    const c = await code(user);
    t.clock.advance(SMS.codeTtlMs + 1000);
    const phone = newNumber();
    await text(phone, c);
    expect(sentTo(phone)).toEqual([SMS.texts.wrongCode]);
    const s = await status(user);
    expect(s).toMatchObject({ isVerified: false, hasCode: false, code: null });
  });

  it('the right code verifies the number; another user cannot claim it', async () => {
    const user = await builder();
    const c = await code(user);
    expect(await status(user)).toMatchObject({ hasCode: true, code: c });
    const phone = newNumber();
    await text(phone, `Code: ${c}`);
    expect(sentTo(phone)).toEqual([SMS.texts.verified]);
    expect(await status(user)).toMatchObject({ isVerified: true, phoneNumber: phone, hasCode: false, code: null });

    const other = await builder();
    const c2 = await code(other);
    await text(phone, c2);
    expect(sentTo(phone).at(-1)).toBe(SMS.texts.numberTaken);
    expect((await status(other)).isVerified).toBe(false);
    const [row] = await t.database.db.select().from(smsNumbers).where(eq(smsNumbers.phoneNumber, phone));
    expect(row?.userId).toBe(user.id);
  });

  it("a verified number's text becomes a chat message and the reply comes back by SMS in segments", async () => {
    const { user, phone } = await verified();
    const before = sentTo(phone).length;
    const question = 'What should I focus on this week to get my first ten customers?';
    expect((await text(phone, question)).status).toBe(200);
    const replies = sentTo(phone).slice(before);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.length).toBeLessThanOrEqual(SMS.maxSegments);
    for (const r of replies) expect(r.length).toBeLessThanOrEqual(SMS.segmentChars);
    expect(twilio.sent.filter((m) => m.To === phone).every((m) => m.From === FAKE_TWILIO_NUMBER)).toBe(true);

    const res = await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token });
    const conversation = (await res.json()) as ConversationResponse;
    const mine = conversation.messages.filter((m) => m.role === 'user');
    expect(mine.at(-1)?.text).toBe(question);
    const answer = conversation.messages.at(-1);
    expect(answer?.role).toBe('intern');
    // The chat keeps the Markdown; the texts carry it plain, numbered "(n/N) " when there are several, and the
    // offline co-founder's answer starts with its mark.
    expect(answer!.text).toContain('**');
    expect(replies).toEqual(replySegments(`${OFFLINE_SMS_MARK} ${answer!.text}`));
    expect(replies[0]).toMatch(/^\(1\/\d+\) \[Offline draft\] /);
    expect(replies.join('\n')).not.toMatch(/\*\*|__|`|#/);
    expect(replies.length).toBeGreaterThan(1);
    replies.forEach((r, i) => expect(r.startsWith(`(${i + 1}/${replies.length}) `)).toBe(true));

    const thread = (await (await call(t, 'GET', `/api/sms/messages/${user.id}`, { token: user.token })).json()) as SmsMessagesResponse;
    expect(thread.messages.some((m) => m.direction === 'in' && m.body === question)).toBe(true);
    expect(thread.messages.at(-1)?.direction).toBe('out');
  });

  it('a MessageSid Twilio delivers again (10 times at once) is stored and answered once', async () => {
    const { user, phone } = await verified();
    const before = sentTo(phone).length;
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const question = 'Which channel should I test first for my launch?';
    const answers = await Promise.all(Array.from({ length: 10 }, () => text(phone, question, { sid })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const stored = await t.database.db.select().from(smsMessages).where(eq(smsMessages.providerSid, sid));
    expect(stored).toHaveLength(1);
    const conversation = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    expect(conversation.messages.filter((m) => m.role === 'user' && m.text === question)).toHaveLength(1);
    const replies = sentTo(phone).slice(before);
    expect(replies.length).toBeGreaterThan(0);
    // One answer's segments, not ten answers.
    expect(replies.length).toBeLessThanOrEqual(SMS.maxSegments);
  });

  it("a text at the month's message limit is answered with the usage-limit text and reaches no chat", async () => {
    const { user, phone } = await verified();
    const month = monthKey(new Date(t.clock.now()));
    const limit = PLANS.builder.messagesPerMonth!;
    await t.database.db
      .insert(usageCounters)
      .values({ userId: user.id, month, messages: limit })
      .onConflictDoUpdate({ target: [usageCounters.userId, usageCounters.month], set: { messages: limit } });
    await text(phone, 'One more question?');
    expect(sentTo(phone).at(-1)).toBe(USAGE_LIMIT_MESSAGE);
    const conversation = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    expect(conversation.messages.some((m) => m.text === 'One more question?')).toBe(false);
  });

  it('STOP stops replies until START; HELP answers', async () => {
    const { user, phone } = await verified();
    await text(phone, 'stop');
    expect(sentTo(phone).at(-1)).toBe(SMS.texts.optedOut);
    const count = sentTo(phone).length;
    await text(phone, 'Are you there?');
    await text(phone, 'STOP');
    expect(sentTo(phone)).toHaveLength(count);
    expect((await status(user)).optedOut).toBe(true);
    await text(phone, 'Start');
    expect(sentTo(phone).at(-1)).toBe(SMS.texts.optedIn);
    await text(phone, 'HELP');
    expect(sentTo(phone).at(-1)).toBe(SMS.texts.help);
    const n = sentTo(phone).length;
    await text(phone, 'Are you there now?');
    expect(sentTo(phone).length).toBeGreaterThan(n);
  });

  it('a flood from one number is refused with 429 after the limit', async () => {
    const phone = newNumber();
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < SMS.inboundRateLimit.max + 2; i++) {
      last = await text(phone, 'spam');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, SMS.inboundRateLimit.max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SMS.inboundRateLimit.max)).toEqual([429, 429]);
    expect(last!.headers.get('ratelimit-limit')).toBe(String(SMS.inboundRateLimit.max));
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.fromNumber, phone));
    expect(rows).toHaveLength(SMS.inboundRateLimit.max);
  });

  it('a 5,000-character text is truncated safely', async () => {
    const { user, phone } = await verified();
    const long = '😀'.repeat(2500);
    expect((await text(phone, long)).status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.fromNumber, phone))
      .orderBy(smsMessages.seq)
      .then((rows) => rows.filter((r) => r.direction === 'in').slice(-1));
    expect(row!.body.length).toBeLessThanOrEqual(SMS.maxInboundChars);
    expect(row!.body).toBe('😀'.repeat(SMS.maxInboundChars / 2));
    const conversation = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    expect(conversation.messages.some((m) => m.role === 'user' && m.text === row!.body)).toBe(true);
  });

  it('an inbound call from a verified number is greeted by the intern and recorded; unknown numbers hang up', async () => {
    const { phone } = await verified();
    const res = await postTwilioWebhook(t.baseUrl, '/api/voice/webhook', { From: phone, To: FAKE_TWILIO_NUMBER, CallSid: 'CA1' });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(SMS.texts.callGreeting('AI Intern'));
    expect(xml).toContain('<Record maxLength="120"');
    const unknown = await postTwilioWebhook(t.baseUrl, '/api/voice/webhook', { From: newNumber(), To: FAKE_TWILIO_NUMBER });
    const unknownXml = await unknown.text();
    expect(unknownXml).toContain(SMS.texts.callUnknown);
    expect(unknownXml).toContain('<Hangup/>');
    const unsigned = await postTwilioWebhook(t.baseUrl, '/api/voice/webhook', { From: phone }, { signature: null });
    expect(unsigned.status).toBe(403);
  });
});
