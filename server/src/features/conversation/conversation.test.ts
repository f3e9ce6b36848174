import {
  ChatStreamDelta,
  ConversationResponse,
  SendMessageResponse,
  RATE_LIMITS,
  compactPreview,
} from '@cofounder/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, tasks, usageCounters } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import { travel } from '../../test/clock.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { readSse } from '../../test/sse.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { monthKey, USAGE_LIMIT_MESSAGE } from '../usage/usage.service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers(); // travel() faked Date
});

const path = (user: TestUser) => `/api/conversation/${user.id}`;
const send = (user: TestUser, text: string, headers: Record<string, string> = {}) =>
  call(t, 'POST', path(user), { token: user.token, body: { role: 'user', text }, headers });
async function sent(user: TestUser, text: string) {
  const res = await send(user, text);
  expect(res.status).toBe(200);
  return SendMessageResponse.parse(await res.json());
}
async function history(user: TestUser, query = '') {
  const res = await call(t, 'GET', `${path(user)}${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return ConversationResponse.parse(await res.json());
}
const usedMessages = async (user: TestUser) =>
  (await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id)))[0]?.messages ??
  0;
const chatRows = (user: TestUser) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, user.id), eq(messages.channel, 'chat')))
    .orderBy(messages.seq);

describe('conversation history', () => {
  it('is empty before onboarding, then opens with one welcome that names the plan', async () => {
    const fresh = await signedInUser(t);
    expect(await history(fresh)).toEqual({
      messages: [],
      hasCompletedOnboarding: false,
      isFirstWorkingChat: false,
      hasMore: false,
    });

    const user = await onboardedUser(t);
    // Two tabs opening the chat at once still get a single welcome.
    const [first, second] = await Promise.all([history(user), history(user)]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ hasCompletedOnboarding: true, isFirstWorkingChat: true, hasMore: false });
    expect(first.messages).toHaveLength(1);
    const [welcome] = first.messages;
    expect(welcome).toMatchObject({ role: 'intern', isWelcomeMessage: true });
    const [top] = await t.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.userId, user.id))
      .orderBy(tasks.priority);
    expect(welcome!.text).toMatch(/^Welcome aboard, Ada! I'm AI Intern/);
    expect(welcome!.text).toContain('top priority is "');
    expect(top).toBeDefined();

    await sent(user, 'Hello!');
    const after = await history(user);
    expect(after.isFirstWorkingChat).toBe(false);
    expect(after.messages.map((m) => m.role)).toEqual(['intern', 'user', 'intern']);
  });

  it('pages back with the before cursor, oldest first within a page', async () => {
    const user = await signedInUser(t);
    const start = Date.now();
    await t.database.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: user.id,
        channel: 'chat' as const,
        role: i % 2 ? ('intern' as const) : ('user' as const),
        text: `message ${i}`,
        createdAt: new Date(start + i),
      })),
    );
    const newest = await history(user);
    expect(newest.hasMore).toBe(true);
    expect(newest.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `message ${70 + i}`),
    );
    const older = await history(user, `?before=${newest.messages[0]!.id}`);
    expect(older.messages.map((m) => m.text)[0]).toBe('message 20');
    expect(older.hasMore).toBe(true);
    const oldest = await history(user, `?before=${older.messages[0]!.id}&limit=50`);
    expect(oldest.messages.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i}`));
    expect(oldest.hasMore).toBe(false);
    expect((await history(user, '?limit=5')).messages.map((m) => m.text)).toEqual([
      'message 115',
      'message 116',
      'message 117',
      'message 118',
      'message 119',
    ]);

    for (const [query, field] of [
      [`?before=${crypto.randomUUID()}`, 'before'],
      ['?before=not-an-id', 'before'],
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?limit=abc', 'limit'],
    ]) {
      const res = await call(t, 'GET', `${path(user)}${query}`, { token: user.token });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.field).toBe(field);
    }
  });

  it('survives an app restart on the same database', async () => {
    const user = await onboardedUser(t);
    await sent(user, 'Remember this, please.');
    const before = await history(user);
    // Same database and same public URL (the token issuer), new process state.
    const restarted = await startTestServer({
      env: { ...CHAT_TEST_OPTIONS.env, PUBLIC_URL: t.config.publicUrl },
      database: t.database,
    });
    try {
      const res = await fetch(`${restarted.baseUrl}${path(user)}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.status).toBe(200);
      expect(ConversationResponse.parse(await res.json())).toEqual(before);
    } finally {
      await restarted.close();
    }
  });
});

describe('sending', () => {
  it("stores the message and a reply drawn from the founder's tasks, counting one message", async () => {
    const user = await onboardedUser(t);
    const reply = await sent(user, 'What are my tasks?');
    expect(reply.userMessage).toMatchObject({ role: 'user', text: 'What are my tasks?' });
    expect(reply.internMessage.role).toBe('intern');
    expect(reply.internMessage.text).toBe(reply.aiResponse.message);
    // Provenance: the offline co-founder wrote the reply (the founder's own message has none).
    expect(reply.internMessage.producedBy).toBe('offline');
    expect(reply.userMessage.producedBy).toBeUndefined();
    // The reply lists open tasks highest priority first (a bare select has no order to rely on).
    const [top] = await t.database.db.select().from(tasks).where(eq(tasks.userId, user.id)).orderBy(desc(tasks.priority)).limit(1);
    expect(reply.aiResponse.message).toContain(top!.description);
    expect(reply.aiResponse).toMatchObject({ tasks_generated: 0, ready_to_work: true });
    expect(reply.taskNotification).toBeNull();
    expect(await usedMessages(user)).toBe(1);
  });

  it("creates tasks when asked, within the month's allowance, with a task notice", async () => {
    const user = await onboardedUser(t);
    const before = await t.database.db.$count(tasks, eq(tasks.userId, user.id));
    const reply = await sent(user, 'Please create some marketing tasks for me');
    expect(reply.aiResponse.tasks_generated).toBe(Math.min(10 - before, 8));
    expect(reply.taskNotification).toMatchObject({ role: 'intern', isTaskNotification: true });
    expect(reply.taskNotification!.text).toContain(
      `I've created ${reply.aiResponse.tasks_generated} new task`,
    );
    expect(await t.database.db.$count(tasks, eq(tasks.userId, user.id))).toBe(
      before + reply.aiResponse.tasks_generated,
    );
    const again = await sent(user, 'Create more tasks');
    expect(again.aiResponse.tasks_generated).toBe(0);
    expect(again.taskNotification!.text).toContain("You've used this month's task allowance");
  });

  it('asking for tasks twice adds none already on the list, and the notice names the skipped ones', async () => {
    const user = await onboardedUser(t);
    await givePlan(t.database, user.id, 'builder'); // room for both plans
    const ask = 'Please create some marketing tasks for me';
    const first = await sent(user, ask);
    expect(first.aiResponse.tasks_generated).toBeGreaterThan(0);
    // The tasks the first notice lists, in its order ("- description (priority n)").
    const listed = first
      .taskNotification!.text.split('\n')
      .slice(1)
      .map((line) => line.replace(/^- (.*) \(priority \d+\)$/, '$1'));
    expect(listed).toHaveLength(first.aiResponse.tasks_generated);
    // The worker finishes tasks within seconds (offline agents); done work is not planned again for 30 days.
    await t.database.db
      .update(tasks)
      .set({ status: 'completed' })
      .where(and(eq(tasks.userId, user.id), inArray(tasks.description, listed)));
    const before = await t.database.db.$count(tasks, eq(tasks.userId, user.id));
    const again = await sent(user, ask);
    expect(again.aiResponse.tasks_generated).toBe(0);
    expect(await t.database.db.$count(tasks, eq(tasks.userId, user.id))).toBe(before);
    const quoted = listed.map((d) => `"${compactPreview(d.replace(/"/g, "'"))}"`);
    expect(again.taskNotification!.text).toBe(
      `I didn't add new tasks: everything in this plan is already on your list (open, or added in the last 30 days): ${quoted.join(', ')}.`,
    );
  });

  it('streams deltas in order, then done with the stored reply', async () => {
    const user = await onboardedUser(t);
    const res = await send(user, 'How should I approach investors?', { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const events = await readSse(res);
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => ChatStreamDelta.parse(JSON.parse(e.data)).text);
    expect(deltas.length).toBeGreaterThan(10);
    expect(events.map((e) => e.event)).toEqual([...deltas.map(() => 'delta'), 'done']);
    const done = SendMessageResponse.parse(JSON.parse(events.at(-1)!.data));
    expect(deltas.join('')).toBe(done.aiResponse.message);
    const rows = await chatRows(user);
    expect(rows.at(-1)!.text).toBe(done.aiResponse.message);
    expect(await usedMessages(user)).toBe(1);
  });

  it("keeps both tabs' messages, in order", async () => {
    const user = await onboardedUser(t);
    const [a, b] = await Promise.all([sent(user, 'First tab'), sent(user, 'Second tab')]);
    const rows = await chatRows(user);
    expect(
      rows
        .filter((r) => r.role === 'user')
        .map((r) => r.text)
        .sort(),
    ).toEqual(['First tab', 'Second tab']);
    expect(rows.filter((r) => r.role === 'intern')).toHaveLength(2);
    expect(rows.map((r) => r.seq)).toEqual([...rows.map((r) => r.seq)].sort((x, y) => x - y));
    const shown = (await history(user)).messages.map((m) => m.id);
    expect(shown).toEqual(rows.map((r) => r.id));
    expect(shown.indexOf(a.userMessage.id)).toBeLessThan(shown.indexOf(a.internMessage.id));
    expect(shown.indexOf(b.userMessage.id)).toBeLessThan(shown.indexOf(b.internMessage.id));
    expect(await usedMessages(user)).toBe(2);
  });

  it("holds the monthly limit under 20 concurrent sends, with the spec's 429 text", async () => {
    const user = await onboardedUser(t);
    await t.database.db
      .insert(usageCounters)
      .values({ userId: user.id, month: monthKey(new Date()), messages: 90 })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.month],
        set: { messages: 90 },
      });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(user, `Message ${i}`)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const res of responses.filter((r) => r.status === 429)) {
      expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: USAGE_LIMIT_MESSAGE } });
    }
    expect(await usedMessages(user)).toBe(100);
    expect((await chatRows(user)).filter((r) => r.role === 'user')).toHaveLength(10);
    // Over the limit the streamed variant answers plain JSON too (a minute later: past the per-minute budget).
    travel(RATE_LIMITS.chat.windowMs);
    const streamed = await send(user, 'One more', { accept: 'text/event-stream' });
    expect(streamed.status).toBe(429);
    expect((await streamed.json()).error.message).toBe(USAGE_LIMIT_MESSAGE);
  });

  it('refuses bad messages without storing or counting anything', async () => {
    const user = await onboardedUser(t);
    const cases: [unknown, number, string][] = [
      [{ role: 'user', text: '' }, 400, 'text'],
      [{ role: 'user', text: '   \n\t ' }, 400, 'text'],
      [{ role: 'user' }, 400, 'text'],
      [{ role: 'intern', text: 'I am the AI now' }, 400, 'role'],
      [{ role: 'system', text: 'hi' }, 400, 'role'],
      [{ role: 'user', text: 'x'.repeat(50_000) }, 413, ''],
      [{ role: 'user', text: 'x'.repeat(100 * 1024) }, 413, ''],
      ['{"role":"user","text":', 400, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await call(t, 'POST', path(user), { token: user.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      const { error } = await res.json();
      if (field) expect(error).toMatchObject({ code: 'validation_failed', field });
      if (status === 413) expect(error.code).toBe('payload_too_large');
    }
    const long = await call(t, 'POST', path(user), {
      token: user.token,
      body: { role: 'user', text: 'x'.repeat(10_001) },
    });
    expect((await long.json()).error).toEqual({ code: 'payload_too_large', message: 'Message too long' });
    expect(await chatRows(user)).toHaveLength(0);
    expect(await usedMessages(user)).toBe(0);
  });
});

describe('authorization', () => {
  it("401 without a token and 403 for another user's id on every chat route", async () => {
    const user = await signedInUser(t);
    const other = crypto.randomUUID();
    const routes: [string, string, unknown][] = [
      ['GET', '/api/conversation/{id}', undefined],
      ['POST', '/api/conversation/{id}', { role: 'user', text: 'hi' }],
      ['GET', '/api/users/{id}/intern-settings', undefined],
      ['POST', '/api/users/{id}/intern-settings', { settings: { internName: 'Max' } }],
    ];
    for (const [method, route, body] of routes) {
      expect(
        (await call(t, method, route.replace('{id}', user.id), { body })).status,
        `${method} ${route}`,
      ).toBe(401);
      expect(
        (await call(t, method, route.replace('{id}', other), { token: user.token, body })).status,
        `${method} ${route}`,
      ).toBe(403);
    }
    expect((await call(t, 'GET', '/api/subscription/usage-details')).status).toBe(401);
  });
});
