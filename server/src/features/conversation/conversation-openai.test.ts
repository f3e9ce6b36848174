import { ChatStreamError, OnboardingTurnResponse, SendMessageResponse } from '@cofounder/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, tasks, usageCounters } from '../../db/schema.ts';
import { REPLY_BUDGET } from '../../providers/ai/prompt.ts';
import { CHAT_TEST_OPTIONS, onboardedUser, testProfile } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { readSse } from '../../test/sse.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { OPENING_FALLBACK, TURN_FALLBACK } from '../onboarding/onboarding.service.ts';
import { HISTORY_TURNS } from './conversation.service.ts';

// The real OpenAI adapter (the `openai` SDK) through the whole app, against the fake server on loopback.

let fake: FakeOpenAi;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model', OPENAI_MAX_RETRIES: '1' },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const send = (user: TestUser, text: string, headers: Record<string, string> = {}) =>
  call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text }, headers });
const systemPrompt = (i = -1) => fake.requests.at(i)!.body.messages[0]!.content;
const usedMessages = async (user: TestUser) =>
  (await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id)))[0]?.messages ?? 0;
const userMessages = (user: TestUser) =>
  t.database.db.$count(messages, and(eq(messages.userId, user.id), eq(messages.channel, 'chat'), eq(messages.role, 'user')));

describe('chat with a real model (fake OpenAI)', () => {
  it('reports the AI mode as real', async () => {
    const config = await (await fetch(`${t.baseUrl}/api/config`)).json();
    expect(config.modes.ai).toBe('real');
    expect(config.aiModel).toBe('fake-model');
  });

  it('sends the persona, settings, profile, interview and tasks in the system prompt', async () => {
    const user = await signedInUser(t);
    const onboard = (body: Record<string, unknown>) =>
      call(t, 'POST', `/api/onboarding/${user.id}`, { token: user.token, body: { role: 'user', text: '', ...body } });
    expect((await onboard({ profile: testProfile({ idea: 'Robot baristas for offices' }) })).status).toBe(200);
    expect(systemPrompt()).toContain('exactly one short question at a time');
    await onboard({ text: 'Office coffee is slow and bad.' });
    await onboard({ skip_conversation: true });
    await call(t, 'POST', `/api/users/${user.id}/intern-settings`, {
      token: user.token,
      body: { settings: { internName: 'Nova', communicationStyle: 'supportive', formalityLevel: 'formal', responseLength: 'brief', priorityFocus: 'innovation' } },
    });
    fake.reset();
    expect((await send(user, 'How do I find customers?')).status).toBe(200);
    const prompt = systemPrompt();
    expect(prompt).toMatch(/^You are Nova, the AI co-founder of Ada Lovelace's startup\./);
    for (const fact of ['Be supportive', 'Write formally', 'Favour innovation', `under ${REPLY_BUDGET.brief.maxWords} words`,
      'Robot baristas for offices', 'A: Office coffee is slow and bad.', 'Interview 5 target customers']) {
      expect(prompt).toContain(fact);
    }
    const body = fake.requests.at(-1)!.body;
    expect(body).toMatchObject({ model: 'fake-model', stream: true, max_tokens: REPLY_BUDGET.brief.maxTokens });
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I find customers?' });
  });

  it(`answers with the latest ${HISTORY_TURNS} chat messages in order, the one just sent last`, async () => {
    const user = await onboardedUser(t);
    const start = Date.now() - 3_600_000;
    await t.database.db.insert(messages).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: user.id,
        channel: 'chat' as const,
        role: i % 2 ? ('intern' as const) : ('user' as const),
        text: `Earlier message ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    fake.reset();
    expect((await send(user, 'And now?')).status).toBe(200);
    const turns = fake.requests.at(-1)!.body.messages.slice(1);
    expect(turns).toEqual([
      ...Array.from({ length: HISTORY_TURNS - 1 }, (_, k) => {
        const i = 30 - (HISTORY_TURNS - 1) + k;
        return { role: i % 2 ? 'assistant' : 'user', content: `Earlier message ${i}` };
      }),
      { role: 'user', content: 'And now?' },
    ]);
  });

  it('streams the model\'s chunks in order, then done', async () => {
    const user = await onboardedUser(t);
    fake.reply = ['First ', 'second ', 'third.'];
    const res = await send(user, 'Go', { accept: 'text/event-stream' });
    const events = await readSse(res);
    expect(events.map((e) => [e.event, e.event === 'delta' ? JSON.parse(e.data).text : null])).toEqual([
      ['delta', 'First '],
      ['delta', 'second '],
      ['delta', 'third.'],
      ['done', null],
    ]);
    const done = SendMessageResponse.parse(JSON.parse(events[3]!.data));
    expect(done.internMessage.text).toBe('First second third.');
    // Provenance: the model's name on the reply, in the answer and in the stored history (no "Offline draft").
    expect(done.internMessage.producedBy).toBe('fake-model');
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, done.internMessage.id));
    expect(stored!.producedBy).toBe('fake-model');
    expect(done.userMessage.producedBy).toBeUndefined();
  });

  it('creates the tasks the model plans when asked', async () => {
    const user = await onboardedUser(t);
    fake.structured.task_plan = {
      tasks: [{ description: 'Launch on Product Hunt', priority: 8, agent: 'marketing_agent', requiredPlatforms: ['twitter'] }],
    };
    const res = await send(user, 'Create tasks for the launch');
    const reply = SendMessageResponse.parse(await res.json());
    expect(reply.aiResponse.tasks_generated).toBe(1);
    expect(fake.requests.at(-1)!.body.response_format!.json_schema!.name).toBe('task_plan');
    expect(systemPrompt()).toContain("Propose the founder's next tasks");
    const [stored] = await t.database.db.select().from(tasks).where(and(eq(tasks.userId, user.id), eq(tasks.description, 'Launch on Product Hunt')));
    expect(stored).toMatchObject({ category: 'marketing', requiredPlatforms: ['twitter'], status: 'pending', priority: 8 });
  });

  it.each([
    [429, 'The AI service is busy right now. Please try again in a moment.'],
    [500, 'The AI service is unavailable right now. Please try again.'],
  ])('upstream %i becomes 502 ai_unavailable; the message is kept and the count refunded', async (status, message) => {
    const user = await onboardedUser(t);
    fake.reset();
    fake.fail(status);
    const res = await send(user, 'Are you there?');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'ai_unavailable', message } });
    expect(fake.requests).toHaveLength(2); // the SDK retried once
    expect(await userMessages(user)).toBe(1);
    expect(await usedMessages(user)).toBe(0);

    const streamed = await send(user, 'Still there?', { accept: 'text/event-stream' });
    expect(streamed.status).toBe(200);
    const events = await readSse(streamed);
    expect(events.map((e) => e.event)).toEqual(['error']);
    expect(ChatStreamError.parse(JSON.parse(events[0]!.data))).toEqual({ status: 502, error: message });
    expect(await usedMessages(user)).toBe(0);
  });

  it('an empty model answer is "No AI response received"', async () => {
    const user = await onboardedUser(t);
    fake.empty = true;
    const res = await send(user, 'Hello?');
    expect(res.status).toBe(502);
    expect((await res.json()).error).toEqual({ code: 'ai_unavailable', message: 'No AI response received' });
    const events = await readSse(await send(user, 'Hello?', { accept: 'text/event-stream' }));
    expect(JSON.parse(events.at(-1)!.data)).toEqual({ status: 502, error: 'No AI response received' });
  });
});

describe('an attached page with a real model (fake OpenAI)', () => {
  it('is in the system prompt of that reply only, as delimited untrusted content', async () => {
    const user = await onboardedUser(t);
    const pageContext = { title: 'Acme pricing', url: 'https://acme.example/pricing', selection: 'Starter: $49' };
    const body = { role: 'user', text: 'Is this cheaper than us?', pageContext };
    expect((await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body })).status).toBe(200);
    expect(systemPrompt()).toContain('untrusted page content');
    expect(systemPrompt()).toContain('The founder is looking at: Acme pricing (https://acme.example/pricing)\nSelected text:\nStarter: $49');
    expect(fake.requests.at(-1)!.body.messages.at(-1)!.content).toBe('Is this cheaper than us?');
    expect((await send(user, 'And now?')).status).toBe(200);
    expect(systemPrompt()).not.toContain('Acme pricing');
  });
});

describe('onboarding with a real model (fake OpenAI)', () => {
  const turn = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await call(t, 'POST', `/api/onboarding/${user.id}`, { token: user.token, body: { role: 'user', text: '', ...body } });
    expect(res.status).toBe(200);
    return OnboardingTurnResponse.parse(await res.json()).aiResponse;
  };

  it('falls back to the spec texts when the model fails', async () => {
    const user = await signedInUser(t);
    fake.fail(500);
    expect(await turn(user, { profile: testProfile() })).toEqual({ message: OPENING_FALLBACK, ready_to_work: false, tasks_generated: 0 });
    expect(await turn(user, { text: 'We sell bread.' })).toEqual({ message: TURN_FALLBACK, ready_to_work: false, tasks_generated: 0 });
  });

  it('stores the model\'s plan when it signals ready', async () => {
    const user = await signedInUser(t);
    expect((await turn(user, { profile: testProfile() })).message).toBe('What problem are you solving, and for whom?');
    fake.structured.onboarding_turn = { message: 'Great, I have what I need.', ready_to_work: true };
    const ready = await turn(user, { text: 'Bakeries waste bread.' });
    expect(ready).toEqual({
      message: "Great, I have what I need. I've created 2 tasks to get you started.",
      ready_to_work: true,
      tasks_generated: 2,
      // The model wrote it: the wizard labels nothing "Offline draft".
      produced_by: 'fake-model',
    });
    expect(fake.requests.at(-1)!.body.response_format!.json_schema!.name).toBe('task_plan');
  });
});
