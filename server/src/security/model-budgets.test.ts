import { RATE_LIMITS, type UsageDetails } from '@cofounder/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, usageCounters } from '../db/schema.ts';
import { monthKey } from '../features/usage/usage.service.ts';
import { givePlan } from '../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser, testProfile } from '../test/factories.ts';
import { settleVoicemails } from '../features/sms/sms.routes.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { FAKE_TWILIO_NUMBER, postTwilioWebhook, startFakeTwilio, type FakeTwilio } from '../test/fake-twilio.ts';
import { insertTasks } from '../test/queue-helpers.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Every route that makes the server ask a model has a per-founder budget beside the chat's: over it the founder gets
// 429 with Retry-After, the RateLimit-* headers and the budget's own text, another founder goes on, and the model
// (the fake OpenAI, the server's default here) was asked no more than the budget allows. What the model answers
// counts toward the month as the chat's messages do, so the usage panel shows it.

type Limit = { max: number; windowMs: number };

let fake: FakeOpenAi;
let twilio: FakeTwilio;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  twilio = await startFakeTwilio();
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: {
      ...CHAT_TEST_OPTIONS.env,
      ...twilio.env,
      // The fake answers chat, plans and speech (OPENAI_API_KEY is the voice key too when no other is set).
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'fake-model',
      OPENAI_MAX_RETRIES: '0',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await twilio?.close();
  await fake?.close();
});

/** Sends `count` requests one after another; the statuses and the last response. */
async function hammer(count: number, send: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  let last: Response | null = null;
  for (let i = 0; i < count; i++) {
    last = await send(i);
    statuses.push(last.status);
    if (i < count - 1) await last.arrayBuffer();
  }
  return { statuses, last: last! };
}

/** The budget's answer once over it: 429, its text, Retry-After within the window and the RateLimit-* headers. */
async function expectOverBudget(res: Response, limit: Limit, text: string): Promise<void> {
  expect(res.status).toBe(429);
  expect((await res.json()).error.message).toBe(text);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
  expect({
    limit: Number(res.headers.get('ratelimit-limit')),
    remaining: Number(res.headers.get('ratelimit-remaining')),
    reset: Number(res.headers.get('ratelimit-reset')),
  }).toEqual({ limit: limit.max, remaining: 0, reset: retryAfter });
}

/** Statuses of a hammer of max + 1: the budget's requests went through, the one past it did not. */
const withinThenRefused = (max: number) => [...Array<number>(max).fill(200), 429];

/** Model requests the fake received for structured output `name` (each product request asks once). */
const modelCalls = (name: string) => fake.requests.filter((r) => r.body.response_format?.json_schema?.name === name).length;

async function usageOf(user: TestUser): Promise<UsageDetails['usage']> {
  const res = await call(t, 'GET', '/api/subscription/usage-details', { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as UsageDetails).usage;
}

const turn = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/onboarding/${user.id}`, { token: user.token, body: { role: 'user', text: '', profile: testProfile(), ...body } });

/** `count` of the founder's tasks, stored as `status` (with the error a failed run leaves). */
async function storedTasks(user: TestUser, count: number, status: 'completed' | 'failed'): Promise<string[]> {
  const ids = (await insertTasks(t.database, [user.id], count)).map((r) => r.id);
  await t.database.db
    .update(tasks)
    .set({ status, lastError: status === 'failed' ? 'The AI was unavailable' : null })
    .where(inArray(tasks.id, ids));
  return ids;
}

const statusesOf = async (ids: string[]) =>
  (await t.database.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, ids))).map((r) => r.status);

describe('onboarding', () => {
  it('interview turns: the budget holds the model to its max a minute, and each answered turn is a message', async () => {
    const { max } = RATE_LIMITS.onboarding;
    const founder = await signedInUser(t);
    fake.reset();
    const { statuses, last } = await hammer(max + 1, (i) => turn(founder, { text: `Answer number ${i}` }));
    expect(statuses).toEqual(withinThenRefused(max));
    await expectOverBudget(last, RATE_LIMITS.onboarding, RATE_LIMITS.texts.onboarding);
    expect(modelCalls('onboarding_turn')).toBe(max);
    expect((await usageOf(founder)).messages.used).toBe(max);

    const other = await signedInUser(t);
    expect((await turn(other, { text: 'We sell surplus bread' })).status).toBe(200);
    expect(modelCalls('onboarding_turn')).toBe(max + 1);
    expect((await usageOf(other)).messages.used).toBe(1);
  }, 60_000);

  it('the skip, retried while the model fails, asks it no more than the budget and counts nothing it did not answer', async () => {
    const { max } = RATE_LIMITS.onboarding;
    const founder = await signedInUser(t);
    fake.reset();
    fake.fail(500, max + 1);
    const { statuses, last } = await hammer(max + 1, () => turn(founder, { skip_conversation: true }));
    expect(statuses).toEqual(withinThenRefused(max));
    await expectOverBudget(last, RATE_LIMITS.onboarding, RATE_LIMITS.texts.onboarding);
    expect(modelCalls('task_plan')).toBe(max);
    expect(await usageOf(founder)).toMatchObject({ messages: { used: 0 }, tasks: { used: 0 } });
    fake.reset();
  }, 60_000);

  it('an interview turn over the month\'s messages is refused with the monthly text before the model is asked', async () => {
    const founder = await signedInUser(t);
    const { messages } = await usageOf(founder);
    await t.database.db.insert(usageCounters).values({ userId: founder.id, month: monthKey(new Date(t.clock.now())), messages: messages.limit! });
    fake.reset();
    const res = await turn(founder, { text: 'One more answer' });
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toBe("You've reached your usage limit for this month. Please upgrade your plan to continue.");
    expect(fake.requests).toHaveLength(0);
  }, 60_000);
});

describe('tasks', () => {
  it('Generate tasks: the budget holds the model to its max a minute, and each plan is a message', async () => {
    const { max } = RATE_LIMITS.taskPlans;
    const founder = await onboardedUser(t);
    const before = await usageOf(founder);
    fake.reset();
    // The fake proposes the tasks the founder already has: every plan stores none, yet each asked the model.
    const generate = (user: TestUser) => call(t, 'POST', `/api/tasks/${user.id}/generate`, { token: user.token });
    const { statuses, last } = await hammer(max + 1, () => generate(founder));
    expect(statuses).toEqual(withinThenRefused(max));
    await expectOverBudget(last, RATE_LIMITS.taskPlans, RATE_LIMITS.texts.taskPlans);
    expect(modelCalls('task_plan')).toBe(max);
    const after = await usageOf(founder);
    expect(after.messages.used).toBe(before.messages.used + max);
    expect(after.tasks.used).toBe(before.tasks.used);

    const other = await onboardedUser(t);
    expect((await generate(other)).status).toBe(200);
    expect(modelCalls('task_plan')).toBe(max + 2); // the other founder's onboarding plan and their Generate
  }, 60_000);

  it('a task set back to pending is a task run from the budget; a completed one counts as a task again', async () => {
    const { max } = RATE_LIMITS.taskRuns;
    const founder = await signedInUser(t);
    await givePlan(t.database, founder.id, 'scale');
    const ids = await storedTasks(founder, max + 1, 'completed');
    const rerun = (user: TestUser, id: string) => call(t, 'PATCH', `/api/tasks/${id}`, { token: user.token, body: { status: 'pending' } });
    const { statuses, last } = await hammer(max + 1, (i) => rerun(founder, ids[i]!));
    expect(statuses).toEqual(withinThenRefused(max));
    await expectOverBudget(last, RATE_LIMITS.taskRuns, RATE_LIMITS.texts.taskRuns);
    // Only the budget's tasks were sent to run; the refused one is as it was.
    expect((await statusesOf(ids)).filter((s) => s === 'pending')).toHaveLength(max);
    expect(await statusesOf([ids[max]!])).toEqual(['completed']);
    expect((await usageOf(founder)).tasks.used).toBe(max);

    const other = await signedInUser(t);
    const [otherTask] = await storedTasks(other, 1, 'completed');
    expect((await rerun(other, otherTask!)).status).toBe(200);
  }, 60_000);

  it('a completed task runs again only within the month\'s allowance; a failed one runs again free', async () => {
    const founder = await signedInUser(t);
    const { tasks: allowance } = await usageOf(founder);
    await t.database.db.insert(usageCounters).values({ userId: founder.id, month: monthKey(new Date(t.clock.now())), tasks: allowance.limit! });
    const [completed] = await storedTasks(founder, 1, 'completed');
    const [failed] = await storedTasks(founder, 1, 'failed');
    const refused = await call(t, 'PATCH', `/api/tasks/${completed}`, { token: founder.token, body: { status: 'pending' } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe(
      `You've reached your monthly limit of ${allowance.limit} tasks. Upgrade your plan to continue.`,
    );
    expect(await statusesOf([completed!])).toEqual(['completed']);
    const retried = await call(t, 'PATCH', `/api/tasks/${failed}`, { token: founder.token, body: { status: 'pending' } });
    expect(retried.status).toBe(200);
    expect((await usageOf(founder)).tasks.used).toBe(allowance.limit);
  }, 60_000);

  it('Retry failed sends as many tasks as the budget has left, then answers 429', async () => {
    const { max } = RATE_LIMITS.taskRuns;
    const founder = await signedInUser(t);
    const ids = await storedTasks(founder, max + 5, 'failed');
    const retry = (user: TestUser) => call(t, 'POST', `/api/tasks/${user.id}/retry-failed`, { token: user.token });
    const first = await retry(founder);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ retriedTasks: max });
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    const statuses = await statusesOf(ids);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(max);
    expect(statuses.filter((s) => s === 'failed')).toHaveLength(5);
    await expectOverBudget(await retry(founder), RATE_LIMITS.taskRuns, RATE_LIMITS.texts.taskRuns);
    expect((await statusesOf(ids)).filter((s) => s === 'failed')).toHaveLength(5);
    // Retries run tasks counted when they were made: nothing new is counted.
    expect((await usageOf(founder)).tasks.used).toBe(0);

    const other = await signedInUser(t);
    await storedTasks(other, 1, 'failed');
    const theirs = await retry(other);
    expect(theirs.status).toBe(200);
    expect(await theirs.json()).toMatchObject({ retriedTasks: 1 });
  }, 60_000);
});

describe('investor research and autonomy', () => {
  it('processing an investor research task is a task run from the budget', async () => {
    const { max } = RATE_LIMITS.taskRuns;
    const builder = async () => {
      const user = await signedInUser(t);
      await givePlan(t.database, user.id, 'builder');
      const created = await call(t, 'POST', `/api/investor-outreach/${user.id}/create-task`, {
        token: user.token,
        body: { description: 'Find seed investors in fintech', priority: 8 },
      });
      expect(created.status).toBe(200);
      return { user, taskId: ((await created.json()) as { task: { id: string } }).task.id };
    };
    const process = (user: TestUser, taskId: string) =>
      call(t, 'POST', `/api/agents/investor-outreach/${user.id}/process`, { token: user.token, body: { taskId } });
    const founder = await builder();
    const { statuses, last } = await hammer(max + 1, async () => {
      // A run that fails is processed again: the loop that kept the model busy.
      await t.database.db.update(tasks).set({ status: 'failed' }).where(eq(tasks.id, founder.taskId));
      return process(founder.user, founder.taskId);
    });
    expect(statuses).toEqual(withinThenRefused(max));
    await expectOverBudget(last, RATE_LIMITS.taskRuns, RATE_LIMITS.texts.taskRuns);
    expect(await statusesOf([founder.taskId])).toEqual(['failed']);

    const other = await builder();
    expect((await process(other.user, other.taskId)).status).toBe(200);
  }, 60_000);

  it('autonomy Start (a check-in now) has its budget', async () => {
    const { max } = RATE_LIMITS.autonomy;
    const enable = (user: TestUser) =>
      call(t, 'POST', '/api/autonomous/enable', { token: user.token, headers: { 'x-user-id': user.id }, body: { productivity: 5 } });
    const founder = await signedInUser(t);
    const { statuses, last } = await hammer(max + 1, () => enable(founder));
    expect(statuses).toEqual(withinThenRefused(max));
    await expectOverBudget(last, RATE_LIMITS.autonomy, RATE_LIMITS.texts.autonomy);
    const other = await signedInUser(t);
    expect((await enable(other)).status).toBe(200);
  }, 60_000);
});

describe('phone', () => {
  it("voicemails (transcribed, then answered by the model) are held to the founder's chat budget", async () => {
    const { max } = RATE_LIMITS.chat;
    const verified = async (phone: string) => {
      const user = await onboardedUser(t);
      await givePlan(t.database, user.id, 'builder');
      const gen = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
      const { code } = (await gen.json()) as { code: string };
      await postTwilioWebhook(t.baseUrl, '/api/sms/webhook', { From: phone, To: FAKE_TWILIO_NUMBER, Body: code });
      return user;
    };
    const record = (phone: string, i: number) =>
      postTwilioWebhook(t.baseUrl, '/api/voice/recording', {
        From: phone,
        To: FAKE_TWILIO_NUMBER,
        RecordingUrl: twilio.recordingUrl(`RE${phone.slice(1)}x${i}`),
        RecordingDuration: '5',
      });
    const phone = '+14157770101';
    const founder = await verified(phone);
    const before = await usageOf(founder);
    fake.reset();
    const answers: string[] = [];
    for (let i = 0; i <= max; i++) answers.push(await (await record(phone, i)).text());
    await settleVoicemails();
    const refusal = `<Say>${RATE_LIMITS.texts.chat.replaceAll("'", '&apos;')}</Say><Hangup/>`;
    expect(answers.map((a) => a.includes(refusal))).toEqual([...Array<boolean>(max).fill(false), true]);
    expect(fake.transcriptions).toHaveLength(max);
    expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(max);
    expect((await usageOf(founder)).messages.used).toBe(before.messages.used + max);

    const otherPhone = '+14157770102';
    await verified(otherPhone);
    expect(await (await record(otherPhone, 0)).text()).not.toContain('<Say>');
    await settleVoicemails();
    expect(fake.transcriptions).toHaveLength(max + 1);
  }, 60_000);
});
