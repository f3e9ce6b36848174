import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema.ts';
import { OFFLINE_SMS_MARK, SMS, type ConversationResponse, type SimulateTextResponse, type SmsMessagesResponse, type SmsStatusResponse } from '@cofounder/shared';
import { LOCAL_SMS_NUMBER } from '../../config.ts';
import { SMS_SESSION_COOKIE } from '../../http/auth.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

let t: TestServer;
let seq = 0;
const newNumber = () => `+1415666${String(1000 + seq++).padStart(4, '0')}`;

beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(async () => {
  await t?.close();
});

async function builder(): Promise<TestUser> {
  const user = await onboardedUser(t);
  await givePlan(t.database, user.id, 'builder');
  return user;
}

const simulate = (user: TestUser, from: string, body: string) =>
  call(t, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from, body } });

describe('SMS in local mode', () => {
  it('generate code → simulate a text with it → verified → a question gets a reply in the outbox and the chat', async () => {
    const user = await builder();
    const status0 = (await (await call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token })).json()) as SmsStatusResponse;
    expect(status0).toMatchObject({ mode: 'local', twilioNumber: LOCAL_SMS_NUMBER, isVerified: false, hasCode: false });

    const gen = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
    expect(gen.status).toBe(200);
    const { code, expiresAt } = (await gen.json()) as { code: string; expiresAt: string };
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expiresAt) - t.clock.now()).toBeGreaterThan(SMS.codeTtlMs - 60_000);

    const phone = newNumber();
    const verify = await simulate(user, phone, code);
    expect(verify.status).toBe(200);
    expect(((await verify.json()) as SimulateTextResponse).replies).toEqual([SMS.texts.verified]);
    const status1 = (await (await call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token })).json()) as SmsStatusResponse;
    expect(status1).toMatchObject({ isVerified: true, phoneNumber: phone, code: null });

    const ask = await simulate(user, phone, 'How do I find my first customers?');
    const { replies } = (await ask.json()) as SimulateTextResponse;
    expect(replies.length).toBeGreaterThan(0);
    // The offline co-founder's answer says it is an offline draft, after the numbering when there are several texts.
    expect(replies[0]!.replace(/^\(1\/\d+\) /, '').startsWith(`${OFFLINE_SMS_MARK} `)).toBe(true);
    expect(replies.slice(1).some((r) => r.includes(OFFLINE_SMS_MARK))).toBe(false);

    const thread = (await (await call(t, 'GET', `/api/sms/messages/${user.id}`, { token: user.token })).json()) as SmsMessagesResponse;
    const outbox = thread.messages.filter((m) => m.direction === 'out');
    expect(outbox.map((m) => m.body).slice(-replies.length)).toEqual(replies);
    expect(outbox.every((m) => m.from === LOCAL_SMS_NUMBER && m.to === phone && m.status === 'sent')).toBe(true);
    expect(thread.messages.length).toBeLessThanOrEqual(SMS.threadSize);

    const chat = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    expect(chat.messages.some((m) => m.role === 'user' && m.text === 'How do I find my first customers?')).toBe(true);
    expect(chat.messages.at(-1)?.role).toBe('intern');

    // The dashboard's history marks both sides of the texted turn as SMS.
    const textedAt = chat.messages.findIndex((m) => m.role === 'user' && m.text === 'How do I find my first customers?');
    expect(chat.messages[textedAt]).toMatchObject({ via: 'sms' });
    expect(chat.messages[textedAt + 1]).toMatchObject({ role: 'intern', via: 'sms', producedBy: 'offline' });
    expect(chat.messages[textedAt]!.producedBy).toBeUndefined();

    // A message sent in the app is not marked, and neither is its reply.
    const sent = await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'And from the app?' } });
    expect(sent.status).toBe(200);
    const after = (await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json()) as ConversationResponse;
    const appAt = after.messages.findIndex((m) => m.role === 'user' && m.text === 'And from the app?');
    expect(appAt).toBeGreaterThan(textedAt);
    expect(after.messages[appAt]).not.toHaveProperty('via');
    expect(after.messages[appAt + 1]?.role).toBe('intern');
    expect(after.messages[appAt + 1]).not.toHaveProperty('via');
    expect(after.messages[textedAt]).toMatchObject({ via: 'sms' });
  });

  it("never speaks as another founder's number, whatever digits the text holds (issue 20 §2)", async () => {
    const owner = await builder();
    const gen = await call(t, 'POST', `/api/sms/generate-code/${owner.id}`, { token: owner.token, body: {} });
    const ownerCode = ((await gen.json()) as { code: string }).code;
    const phone = newNumber();
    await simulate(owner, phone, ownerCode);
    const thread = async () =>
      ((await (await call(t, 'GET', `/api/sms/messages/${owner.id}`, { token: owner.token })).json()) as SmsMessagesResponse).messages;
    const ownerTasks = async () => (await t.database.db.$count(tasks, eq(tasks.userId, owner.id)));
    const before = { thread: await thread(), tasks: await ownerTasks() };

    const intruder = await builder();
    const gen2 = await call(t, 'POST', `/api/sms/generate-code/${intruder.id}`, { token: intruder.token, body: {} });
    const intruderCode = ((await gen2.json()) as { code: string }).code;
    // Plain text, any six digits, a used code, the intruder's own live code: all refused before reaching the owner.
    for (const body of ['What are my tasks?', '000000 create tasks', `${ownerCode} create tasks`, intruderCode]) {
      const res = await simulate(intruder, phone, body);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'forbidden', message: SMS.texts.numberTaken } });
    }
    expect(await thread()).toEqual(before.thread);
    expect(await ownerTasks()).toBe(before.tasks);
    const status = (await (await call(t, 'GET', `/api/sms/status/${owner.id}`, { token: owner.token })).json()) as SmsStatusResponse;
    expect(status.phoneNumber).toBe(phone);
  });

  it("verifies a fresh number only with the simulating founder's own code, never another founder's live code", async () => {
    const victim = await builder();
    const gen = await call(t, 'POST', `/api/sms/generate-code/${victim.id}`, { token: victim.token, body: {} });
    const victimCode = ((await gen.json()) as { code: string }).code;
    const intruder = await builder();
    const phone = newNumber();
    // Guessing right would have linked the intruder's phone to the victim's account (and their chat).
    const guess = (await (await simulate(intruder, phone, victimCode)).json()) as SimulateTextResponse;
    expect(guess.replies).toEqual([SMS.texts.wrongCode]);
    const victimStatus = (await (await call(t, 'GET', `/api/sms/status/${victim.id}`, { token: victim.token })).json()) as SmsStatusResponse;
    expect(victimStatus).toMatchObject({ isVerified: false, code: victimCode });
    // The victim's own text with the same code still verifies, once: the spent code is dead afterwards.
    expect(((await (await simulate(victim, phone, victimCode)).json()) as SimulateTextResponse).replies).toEqual([SMS.texts.verified]);
    const other = newNumber();
    expect(((await (await simulate(victim, other, victimCode)).json()) as SimulateTextResponse).replies).toEqual([SMS.texts.wrongCode]);
  });

  it('refuses numbers not in E.164 (400); codes that are not 6 digits do not verify', async () => {
    const user = await builder();
    for (const from of ['4155550123', '+0123456789', 'hello', '+1415555012345678']) {
      const res = await simulate(user, from, '123456');
      expect(res.status).toBe(400);
    }
    expect((await simulate(user, newNumber(), '')).status).toBe(400);
    await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
    const phone = newNumber();
    const short = (await (await simulate(user, phone, '12345')).json()) as SimulateTextResponse;
    expect(short.replies).toEqual([SMS.texts.unknownNumber]);
    const long = (await (await simulate(user, phone, '1234567')).json()) as SimulateTextResponse;
    expect(long.replies).toEqual([SMS.texts.unknownNumber]);
    const status = (await (await call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token })).json()) as SmsStatusResponse;
    expect(status.isVerified).toBe(false);
  });

  it('rate-limits code generation per user (429), and a new code replaces the old one', async () => {
    const user = await builder();
    const codes: string[] = [];
    for (let i = 0; i < SMS.codeRateLimit.max; i++) {
      const res = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
      expect(res.status).toBe(200);
      codes.push(((await res.json()) as { code: string }).code);
    }
    const over = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
    expect(over.status).toBe(429);
    const status = (await (await call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token })).json()) as SmsStatusResponse;
    expect(status.code).toBe(codes.at(-1));
  });

  it('below Builder the SMS API answers 403 upgradeRequired', async () => {
    const user = await signedInUser(t);
    const res = await call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ upgradeRequired: true, plan: 'builder' });
  });

  it("another user's id is 403; no credentials is 401", async () => {
    const user = await builder();
    const other = await builder();
    expect((await call(t, 'GET', `/api/sms/status/${other.id}`, { token: user.token })).status).toBe(403);
    expect((await call(t, 'GET', `/api/sms/status/${user.id}`)).status).toBe(401);
  });

  it('the webhooks are public but answer 404 in local mode (texts come through /simulate)', async () => {
    const res = await fetch(`${t.baseUrl}/api/sms/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'From=%2B14155550000&Body=hi',
    });
    expect(res.status).toBe(404);
    const voice = await fetch(`${t.baseUrl}/api/voice/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'From=%2B14155550000',
    });
    expect(voice.status).toBe(404);
  });

  it('accepts the session cookie; a cookie-authenticated POST needs a matching Origin', async () => {
    const user = await builder();
    const cookie = `${SMS_SESSION_COOKIE}=${user.token}`;
    const get = await call(t, 'GET', `/api/sms/status/${user.id}`, { headers: { cookie } });
    expect(get.status).toBe(200);
    const noOrigin = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { headers: { cookie }, body: {} });
    expect(noOrigin.status).toBe(403);
    const evil = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { headers: { cookie, origin: 'https://evil.example' }, body: {} });
    expect(evil.status).toBe(403);
    const ok = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { headers: { cookie, origin: t.baseUrl }, body: {} });
    expect(ok.status).toBe(200);
    const viaReferer = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, {
      headers: { cookie, referer: `${t.baseUrl}/dashboard/phone` },
      body: {},
    });
    expect(viaReferer.status).toBe(200);
    // The cookie opens /api/sms only.
    expect((await call(t, 'GET', `/api/conversation/${user.id}`, { headers: { cookie } })).status).toBe(401);
    expect((await call(t, 'GET', `/api/sms/status/${user.id}`, { headers: { cookie: `${SMS_SESSION_COOKIE}=garbage` } })).status).toBe(401);
  });
});
