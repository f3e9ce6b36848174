import { ONBOARDING_GOALS, ONBOARDING_INDUSTRIES, OnboardingTurnResponse } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, onboarding, tasks, usageCounters } from '../../db/schema.ts';
import { CHAT_TEST_OPTIONS, testProfile } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { monthKey } from '../usage/usage.service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t.close());

async function turn(user: TestUser, body: Record<string, unknown>) {
  const res = await call(t, 'POST', `/api/onboarding/${user.id}`, {
    token: user.token,
    body: { role: 'user', text: '', ...body },
  });
  expect(res.status).toBe(200);
  return OnboardingTurnResponse.parse(await res.json()).aiResponse;
}

const statusOf = async (user: TestUser) =>
  (await call(t, 'GET', `/onboarding/${user.id}/status`, { token: user.token })).json();
const tasksOf = (user: TestUser) => t.database.db.select().from(tasks).where(eq(tasks.userId, user.id));

describe('onboarding', () => {
  it("requires a token and the caller's own id on every route", async () => {
    const user = await signedInUser(t);
    const other = crypto.randomUUID();
    const routes: [string, string][] = [
      ['GET', `/onboarding/{id}/status`],
      ['POST', `/onboarding/{id}/complete`],
      ['POST', `/api/onboarding/{id}`],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? { role: 'user', text: 'hi' } : undefined;
      const anonymous = await call(t, method, path.replace('{id}', user.id), { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect((await anonymous.json()).error.code).toBe('unauthorized');
      const foreign = await call(t, method, path.replace('{id}', other), { token: user.token, body });
      expect(foreign.status, `${method} ${path}`).toBe(403);
    }
  });

  it('typed path: opening question, four answers, then ready with a stored plan', async () => {
    const user = await signedInUser(t);
    expect(await statusOf(user)).toEqual({ isComplete: false, readyToWork: false, hasStarted: false });
    const opening = await turn(user, { profile: testProfile(), conversation_type: 'fast_onboarding' });
    expect(opening).toMatchObject({ ready_to_work: false, tasks_generated: 0, produced_by: 'offline' });
    expect(opening.message).toMatch(/^Hi Ada!.*\?$/);
    expect(await statusOf(user)).toEqual({ isComplete: false, readyToWork: false, hasStarted: true });

    const answers = [
      'Bakeries bin 20% of bread.',
      'Bakery owners and bargain hunters.',
      'On Instagram and local Facebook groups.',
      'About 40 weekly users.',
    ];
    let last = opening;
    for (const text of answers) {
      expect(last.ready_to_work).toBe(false);
      last = await turn(user, { text });
    }
    expect(last.ready_to_work).toBe(true);
    expect(last.tasks_generated).toBeGreaterThanOrEqual(5);
    expect(last.message).toContain(`I've created ${last.tasks_generated} tasks`);
    const stored = await tasksOf(user);
    expect(stored).toHaveLength(last.tasks_generated);
    expect(
      stored.every(
        (task) => task.status === 'pending' && task.description.includes('Surplus bread marketplace'),
      ),
    ).toBe(true);
    expect(await statusOf(user)).toEqual({ isComplete: false, readyToWork: true, hasStarted: true });
    const [usage] = await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    // Each interview turn the co-founder answered (the opening and every answer) is one of the month's messages.
    expect(usage).toMatchObject({ month: monthKey(new Date()), tasks: last.tasks_generated, messages: answers.length + 1 });
    const interview = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, user.id))
      .orderBy(messages.seq);
    expect(interview.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(answers);
    expect(interview.every((m) => m.channel === 'onboarding')).toBe(true);
    // The co-founder's side of the interview was written offline, and says so; the founder's answers are theirs.
    expect(new Set(interview.filter((m) => m.role === 'intern').map((m) => m.producedBy))).toEqual(
      new Set(['offline']),
    );
    expect(interview.filter((m) => m.role === 'user').every((m) => m.producedBy === null)).toBe(true);

    // Another "ready" turn never stores a second plan.
    const again = await turn(user, { skip_conversation: true });
    expect(again).toMatchObject({ ready_to_work: true, tasks_generated: 0 });
    expect(await tasksOf(user)).toHaveLength(last.tasks_generated);
  });

  it('skipped path: one call stores the plan; two racing skips store it once', async () => {
    const user = await signedInUser(t);
    const [a, b] = await Promise.all([
      turn(user, {
        profile: testProfile({ industry: 'saas', goals: ['build'] }),
        skip_conversation: true,
        text: 'Skip',
      }),
      turn(user, {
        profile: testProfile({ industry: 'saas', goals: ['build'] }),
        skip_conversation: true,
        text: 'Skip',
      }),
    ]);
    expect(a.ready_to_work && b.ready_to_work).toBe(true);
    const generated = a.tasks_generated + b.tasks_generated;
    expect(Math.min(a.tasks_generated, b.tasks_generated)).toBe(0);
    expect(generated).toBeGreaterThanOrEqual(5);
    expect(await tasksOf(user)).toHaveLength(generated);
  });

  it.each(
    ONBOARDING_INDUSTRIES.map(
      (industry, i) => [industry, ONBOARDING_GOALS[i % ONBOARDING_GOALS.length]!] as const,
    ),
  )('reaches ready with a stored plan for industry %s (goal %s)', async (industry, goal) => {
    const user = await signedInUser(t);
    let reply = await turn(user, {
      profile: testProfile({ industry, goals: [goal], stage: 'Just an idea' }),
    });
    for (let i = 0; i < 4; i++) reply = await turn(user, { text: `Answer ${i}` });
    expect(reply.ready_to_work).toBe(true);
    expect(reply.tasks_generated).toBeGreaterThanOrEqual(5);
    expect(await tasksOf(user)).toHaveLength(reply.tasks_generated);
  });

  it("stores only what the month's task allowance grants", async () => {
    const nearly = await signedInUser(t);
    await t.database.db
      .insert(usageCounters)
      .values({ userId: nearly.id, month: monthKey(new Date()), tasks: 8 });
    const some = await turn(nearly, { profile: testProfile(), skip_conversation: true });
    expect(some).toMatchObject({ ready_to_work: true, tasks_generated: 2 });
    expect(await tasksOf(nearly)).toHaveLength(2);

    const spent = await signedInUser(t);
    await t.database.db
      .insert(usageCounters)
      .values({ userId: spent.id, month: monthKey(new Date()), tasks: 10 });
    const none = await turn(spent, { profile: testProfile(), skip_conversation: true });
    expect(none).toMatchObject({ ready_to_work: true, tasks_generated: 0 });
    expect(none.message).toContain("You've used this month's task allowance");
  });

  it('complete marks onboarding complete, idempotently', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'POST', `/onboarding/${user.id}/complete`, { token: user.token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    expect(await statusOf(user)).toMatchObject({ isComplete: true });
    const [row] = await t.database.db.select().from(onboarding).where(eq(onboarding.userId, user.id));
    expect(row!.completedAt).toBeInstanceOf(Date);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const user = await signedInUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'user', text: '', profile: testProfile({ industry: 'space' as never }) }, 'profile.industry'],
      [{ role: 'user', text: '', profile: { ...testProfile(), goals: ['fly'] } }, 'profile.goals.0'],
      [{ role: 'user', text: '', profile: { ...testProfile(), goals: [] } }, 'profile.goals'],
      [{ role: 'user', text: '', profile: { ...testProfile(), stage: 'Unicorn' } }, 'profile.stage'],
      [{ role: 'user', text: '', profile: { ...testProfile(), role: 'king' } }, 'profile.role'],
      [{ role: 'user', text: '', profile: { ...testProfile(), experience: 'Lots' } }, 'profile.experience'],
      [{ role: 'assistant', text: 'hi' }, 'role'],
      [{ role: 'user', text: 'x'.repeat(2001) }, 'text'],
      [{ role: 'user', text: 'Hello' }, 'profile'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', `/api/onboarding/${user.id}`, { token: user.token, body });
      expect(res.status, field).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'validation_failed', field });
    }
    expect(await t.database.db.$count(messages, eq(messages.userId, user.id))).toBe(0);
    expect(await t.database.db.$count(onboarding, eq(onboarding.userId, user.id))).toBe(0);
  });
});
