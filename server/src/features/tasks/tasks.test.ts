import {
  ACTIVITY_OUTCOMES,
  ActivityResponse,
  compactPreview,
  GenerateTasksResponse,
  normaliseTitle,
  RetryFailedResponse,
  TASK_ENGINE,
  TaskListResponse,
  type TaskStatus,
} from '@cofounder/shared';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, taskResults, tasks, usageCounters } from '../../db/schema.ts';
import { createOfflineProvider } from '../../providers/ai/offline.ts';
import type { AiProvider } from '../../providers/ai/port.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { monthKey } from '../usage/usage.service.ts';

// The offline co-founder; while `pairPlans` is on, each task plan waits for a second one, so two requests plan
// from the same task list and then store at the same moment (the race of two tabs or two server processes).
const offline = createOfflineProvider();
let pairPlans = false;
let waiting: (() => void) | null = null;
const ai: AiProvider = {
  ...offline,
  async structured(r) {
    if (pairPlans && r.name === 'task_plan') {
      if (waiting) waiting();
      else await new Promise<void>((resolve) => (waiting = resolve));
      waiting = null;
    }
    return offline.structured(r);
  },
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, ai });
});
afterAll(() => t.close());

async function addTask(user: TestUser, status: TaskStatus, over: Partial<typeof tasks.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(tasks)
    .values({
      userId: user.id,
      description: `task ${Math.random()}`,
      priority: 5,
      agent: 'research_agent',
      category: 'research',
      status,
      ...over,
    })
    .returning();
  return row!;
}

const list = async (user: TestUser, query = '') =>
  TaskListResponse.parse(
    await (await call(t, 'GET', `/api/tasks/${user.id}${query}`, { token: user.token })).json(),
  );

describe('task list', () => {
  it('counts every status and filters by one', async () => {
    const user = await signedInUser(t);
    for (const s of [
      'pending',
      'pending',
      'in_progress',
      'completed',
      'failed',
      'paused_login_required',
    ] as const)
      await addTask(user, s);
    const all = await list(user);
    expect(all).toMatchObject({
      total: 6,
      pending: 2,
      in_progress: 1,
      completed: 1,
      paused: 1,
      failed: 1,
      usage: { tokens: 0, costUsd: 0 },
    });
    expect(all.tasks).toHaveLength(6);
    const failed = await list(user, '?status=failed');
    expect(failed.tasks.map((x) => x.status)).toEqual(['failed']);
    expect(failed.total).toBe(6);
    expect((await list(user, '?limit=2')).tasks).toHaveLength(2);
  });

  it('sums usage over every result, exactly, with the outcomes and unpriced results counted across statuses', async () => {
    const user = await signedInUser(t);
    const results = [
      { status: 'completed', tokens: 100, costUsd: 0.1, priceKnown: true, outcome: 'achieved' },
      { status: 'completed', tokens: 200, costUsd: 0.2, priceKnown: true, outcome: 'needs_input' },
      { status: 'failed', tokens: 50, costUsd: 0, priceKnown: false, outcome: 'achieved' },
    ] as const;
    for (const { status, ...result } of results) {
      const task = await addTask(user, status);
      await t.database.db.insert(taskResults).values({ taskId: task.id, summary: 'Done', content: 'Done', completedAt: new Date(), ...result });
    }
    await addTask(user, 'pending');
    await addTask(user, 'completed', { userId: (await signedInUser(t)).id }); // another founder's: not counted
    expect(await list(user)).toMatchObject({
      total: 4,
      completed: 2,
      achieved: 1,
      needs_input: 1,
      failed: 1,
      pending: 1,
      usage: { tokens: 350, costUsd: 0.3, unpricedTasks: 1 },
    });
  });

  it('lists each task as stored, newest first, with its result\'s outcome (rows on PostgreSQL, one JSON text on PGlite)', async () => {
    const user = await signedInUser(t);
    const base = Date.UTC(2026, 10, 28, 9, 30, 15, 123);
    const paused = await addTask(user, 'paused_login_required', {
      requiredPlatforms: ['twitter', 'reddit'],
      pauseReason: 'Connect X and Reddit to post "launch" — 100 % ready',
      createdAt: new Date(base),
    });
    const done = await addTask(user, 'completed', { priority: 9, agent: 'marketing_agent', category: 'marketing', createdAt: new Date(base + 1) });
    await t.database.db.insert(taskResults).values({ taskId: done.id, summary: 'Done', content: 'Done', completedAt: new Date(), outcome: 'needs_input' });
    const body = await list(user);
    expect(body.tasks).toEqual([
      { id: done.id, description: done.description, priority: 9, status: 'completed', agent: 'marketing_agent', category: 'marketing', requiredPlatforms: [], pauseReason: null, createdAt: '2026-11-28T09:30:15.124Z', vmId: null, outcome: 'needs_input' },
      { id: paused.id, description: paused.description, priority: 5, status: 'paused_login_required', agent: 'research_agent', category: 'research', requiredPlatforms: ['twitter', 'reddit'], pauseReason: 'Connect X and Reddit to post "launch" — 100 % ready', createdAt: '2026-11-28T09:30:15.123Z', vmId: null, outcome: null },
    ]);
  });

  it("refuses another user's list", async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    expect((await call(t, 'GET', `/api/tasks/${b.id}`, { token: a.token })).status).toBe(403);
  });
});

describe('generate', () => {
  it('stores tasks within the monthly limit and answers 429 when none remain', async () => {
    const user = await onboardedUser(t);
    const res = await call(t, 'POST', `/api/tasks/${user.id}/generate`, { token: user.token });
    expect(res.status).toBe(200);
    const body = GenerateTasksResponse.parse(await res.json());
    expect(body.tasks_generated).toBe(body.tasks.length);
    await t.database.db.update(usageCounters).set({ tasks: 10 }).where(eq(usageCounters.userId, user.id));
    const over = await call(t, 'POST', `/api/tasks/${user.id}/generate`, { token: user.token });
    expect(over.status).toBe(429);
    expect((await over.json()).error.message).toBe(
      "You've reached your monthly limit of 10 tasks. Upgrade your plan to continue.",
    );
    const [row] = await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect(row).toMatchObject({ month: monthKey(new Date(t.clock.now())), tasks: 10 });
  });
});

describe('no duplicate tasks', () => {
  const DAY = 24 * 3_600_000;
  const generate = async (user: TestUser) => {
    const res = await call(t, 'POST', `/api/tasks/${user.id}/generate`, { token: user.token });
    expect(res.status).toBe(200);
    return GenerateTasksResponse.parse(await res.json());
  };
  const rowsOf = (user: TestUser) =>
    t.database.db.select().from(tasks).where(eq(tasks.userId, user.id)).orderBy(desc(tasks.priority), asc(tasks.createdAt));
  const expectNoRepeats = async (user: TestUser) => {
    const titles = (await rowsOf(user)).map((r) => normaliseTitle(r.description));
    expect(new Set(titles).size).toBe(titles.length);
  };
  const quoted = (descriptions: string[]) => descriptions.map((d) => `"${compactPreview(d.replace(/"/g, "'"))}"`).join(', ');
  /** An onboarded founder (first plan open) on a paid plan: room for every plan below. */
  async function founder() {
    const user = await onboardedUser(t);
    await givePlan(t.database, user.id, 'builder');
    return user;
  }

  it('a second generate adds no work done since; the activity feed names the skipped ones, which use no allowance', async () => {
    const user = await founder();
    const first = await generate(user);
    expect(first.tasks_generated).toBe(TASK_ENGINE.generateCount);
    // The worker finishes tasks within seconds (offline agents); done work is not planned again for 30 days.
    await t.database.db.update(tasks).set({ status: 'completed' }).where(inArray(tasks.id, first.tasks.map((x) => x.id)));
    const before = await rowsOf(user);
    const second = await generate(user);
    expect(second).toEqual({ success: true, tasks: [], tasks_generated: 0 });
    expect(await rowsOf(user)).toHaveLength(before.length);
    const skips = await t.database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(skips).toHaveLength(1);
    expect(skips[0]).toMatchObject({
      platform: 'cofounder',
      taskId: null,
      title: `Skipped ${first.tasks.length} duplicate tasks`,
      content: `Skipped ${first.tasks.length} already on your list: ${quoted(first.tasks.map((x) => x.description))}.`,
      reasoning: 'The same work is already on your list (open, or added in the last 30 days).',
    });
    const [counter] = await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect(counter!.tasks).toBe(before.length);
  });

  // Only the PostgreSQL pass of npm test (TEST_DATABASE_URL) can race; PGlite runs transactions one at a time.
  it('two generates at once never store the same work twice', async () => {
    const user = await founder();
    pairPlans = true;
    try {
      const [a, b] = await Promise.all([generate(user), generate(user)]);
      // Both planned the same tasks: one stored them, the other skipped them all.
      expect([a.tasks_generated, b.tasks_generated].sort()).toEqual([0, TASK_ENGINE.generateCount]);
    } finally {
      pairPlans = false;
    }
    await expectNoRepeats(user);
  });

  it('work added more than 30 days ago may come back once done; newer done work may not', async () => {
    const user = await founder();
    const [oldest, ...recent] = await rowsOf(user);
    const now = t.clock.now();
    await t.database.db.update(tasks).set({ status: 'completed', createdAt: new Date(now - 29 * DAY) }).where(eq(tasks.userId, user.id));
    await t.database.db.update(tasks).set({ createdAt: new Date(now - 31 * DAY) }).where(eq(tasks.id, oldest!.id));
    const again = (await generate(user)).tasks.map((x) => x.description);
    expect(again).toContain(oldest!.description);
    expect(again.filter((d) => recent.some((r) => r.description === d))).toEqual([]);
  });
});

describe('PATCH /api/tasks/{taskId}', () => {
  const patch = (user: TestUser, id: string, body: unknown) =>
    call(t, 'PATCH', `/api/tasks/${id}`, { token: user.token, body });

  it('changes the allowed fields and refuses the rest', async () => {
    const user = await signedInUser(t);
    const task = await addTask(user, 'pending');
    const ok = await patch(user, task.id, { priority: 9, description: 'Sharper', status: 'completed' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).task).toMatchObject({
      priority: 9,
      description: 'Sharper',
      status: 'completed',
    });
    const unknown = await patch(user, task.id, { userId: 'x' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('userId');
    expect((await patch(user, task.id, { priority: 11 })).status).toBe(400);
    expect((await patch(user, task.id, { priority: 0 })).status).toBe(400);
  });

  it("answers 409 for a forbidden move and 404 for another user's task", async () => {
    const [user, other] = [await signedInUser(t), await signedInUser(t)];
    const running = await addTask(user, 'in_progress');
    const conflict = await patch(user, running.id, { status: 'completed' });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.code).toBe('conflict');
    expect((await patch(other, running.id, { priority: 3 })).status).toBe(404);
    expect((await call(t, 'GET', `/api/tasks/${running.id}/result`, { token: other.token })).status).toBe(
      404,
    );
    const failed = await addTask(user, 'failed', { lastError: 'timeout' });
    expect((await (await patch(user, failed.id, { status: 'pending' })).json()).task.status).toBe('pending');
  });
});

describe('retry failed', () => {
  const retry = async (user: TestUser) =>
    RetryFailedResponse.parse(
      await (await call(t, 'POST', `/api/tasks/${user.id}/retry-failed`, { token: user.token })).json(),
    );

  it('pauses authentication failures and retries the rest, with the spec texts', async () => {
    const user = await signedInUser(t);
    expect(await retry(user)).toEqual({
      success: true,
      pausedTasks: 0,
      retriedTasks: 0,
      message: 'No authentication-related failed tasks found to retry.',
    });
    await addTask(user, 'failed', { lastError: 'AI timed out' });
    expect((await retry(user)).message).toBe('Retried 1 failed tasks. They will be processed automatically.');
    await addTask(user, 'failed', {
      lastError: 'Twitter authentication required',
      requiredPlatforms: ['twitter'],
    });
    await addTask(user, 'failed', { lastError: 'boom' });
    expect(await retry(user)).toEqual({
      success: true,
      pausedTasks: 1,
      retriedTasks: 1,
      message:
        'Converted 1 failed tasks to "Need Login" status. Please connect your social media accounts to proceed.',
    });
    const counts = await list(user);
    expect(counts).toMatchObject({ failed: 0, paused: 1, pending: 2 });
  });
});

describe('activities', () => {
  it('pages newest first with stats; platform counts are published posts only', async () => {
    const user = await signedInUser(t);
    const at = new Date(t.clock.now());
    const old = new Date(at.getTime() - 10 * 24 * 3600 * 1000);
    await t.database.db.insert(activities).values([
      { userId: user.id, platform: 'twitter', title: 'a', content: 'x', outcome: ACTIVITY_OUTCOMES.published, createdAt: at },
      { userId: user.id, platform: 'twitter', title: 'draft', content: 'x', outcome: ACTIVITY_OUTCOMES.drafted, createdAt: at },
      { userId: user.id, platform: 'reddit', title: 'b', content: 'y', subreddit: 'startups', outcome: ACTIVITY_OUTCOMES.published, createdAt: at },
      { userId: user.id, platform: 'cofounder', title: 'c', content: 'z', createdAt: old },
    ]);
    const res = await call(t, 'GET', `/api/activities/${user.id}?limit=2&page=1`, { token: user.token });
    const body = ActivityResponse.parse(await res.json());
    expect(body.stats).toEqual({ total: 4, this_week: 3, platforms: { twitter: 1, reddit: 1 } });
    expect(body.activities).toHaveLength(2);
    expect(body.hasMore).toBe(true);
  });
});
