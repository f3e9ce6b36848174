import { eq } from 'drizzle-orm';
import {
  AutonomySettingsResponse,
  BILLING,
  compactPreview,
  FREE_TRIAL_DAYS,
  normaliseTitle,
  SendMessageResponse,
  TASK_AGENTS,
  TaskListResponse,
  type PlannedTask,
} from '@cofounder/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { autonomySettings, tasks as tasksTable } from '../../db/schema.ts';
import { fixedModels, type AiProvider } from '../../providers/ai/port.ts';
import { createOfflineProvider } from '../../providers/ai/offline.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { createAutonomyService } from './autonomy.service.ts';

// A model that always proposes 20 fresh tasks across every agent, priorities 1-10, so the counts below are
// decided by the energy level, the focus areas and the plan limit alone.
let n = 0;
const offline = createOfflineProvider();
const generous: AiProvider = {
  ...offline,
  async structured(r) {
    if (r.name !== 'task_plan') return offline.structured(r);
    const tasks: PlannedTask[] = Array.from({ length: 20 }, (_, i) => ({
      description: `Proposed task ${++n}`,
      priority: 1 + (i % 10),
      agent: TASK_AGENTS[i % TASK_AGENTS.length]!,
      requiredPlatforms: [],
    }));
    return r.schema.parse({ tasks });
  },
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, ai: generous });
});
afterAll(() => t.close());

const autonomyCall = (user: TestUser, path: string, body?: unknown, header = user.id) =>
  call(t, body === undefined && path === 'settings' ? 'GET' : 'POST', `/api/autonomous/${path}`, {
    token: user.token,
    headers: { 'x-user-id': header },
    body,
  });

const service = () =>
  createAutonomyService({
    db: t.database.db,
    ai: fixedModels(generous),
    usage: createUsageService(t.database.db, t.clock.now),
    now: t.clock.now,
    log: pino({ level: 'silent' }),
    queue: null,
  });

const taskList = async (user: TestUser) =>
  TaskListResponse.parse(await (await call(t, 'GET', `/api/tasks/${user.id}`, { token: user.token })).json());

describe('autonomy settings', () => {
  it('answers the defaults, then what was enabled', async () => {
    const user = await signedInUser(t);
    const initial = AutonomySettingsResponse.parse(await (await autonomyCall(user, 'settings')).json());
    expect(initial.settings).toEqual({
      isEnabled: false,
      productivity: 10,
      intervalHours: 4,
      preferences: {
        focusAreas: ['marketing', 'investor_outreach', 'product_development', 'strategy'],
        priorityRange: { min: 5, max: 8 },
        maxTasksPerGeneration: 5,
      },
      nextRunAt: null,
      lastRun: null,
    });
    const on = AutonomySettingsResponse.parse(
      await (await autonomyCall(user, 'enable', { productivity: 20, intervalHours: 2 })).json(),
    );
    expect(on.settings).toMatchObject({
      isEnabled: true,
      productivity: 20,
      intervalHours: 2,
      preferences: { maxTasksPerGeneration: 8 },
    });
    expect(t.clock.now() - Date.parse(on.settings.nextRunAt!)).toBeLessThan(1000); // due now
    const off = AutonomySettingsResponse.parse(await (await autonomyCall(user, 'disable', {})).json());
    expect(off.settings).toMatchObject({ isEnabled: false, nextRunAt: null, productivity: 20 });
  });

  it('refuses bad values and a header that is not the bearer', async () => {
    const [user, other] = [await signedInUser(t), await signedInUser(t)];
    expect((await autonomyCall(user, 'enable', { productivity: 7 })).status).toBe(400);
    expect((await autonomyCall(user, 'settings', { intervalHours: 0 })).status).toBe(400);
    expect((await autonomyCall(user, 'settings', { intervalHours: -1 })).status).toBe(400);
    expect((await autonomyCall(user, 'settings', { preferences: { focusAreas: ['sleeping'] } })).status).toBe(
      400,
    );
    expect((await autonomyCall(user, 'settings', undefined, other.id)).status).toBe(403);
    expect((await call(t, 'GET', '/api/autonomous/settings', { token: user.token })).status).toBe(403);
  });
});

describe('autonomy check-ins', () => {
  it.each([
    [5, 2],
    [10, 5],
    [20, 8],
    [30, 10], // Sprint Mode would add 12, but the free trial allows 10 tasks a month
  ])('productivity %i adds %i tasks in the priority range', async (productivity, expected) => {
    const user = await signedInUser(t);
    await autonomyCall(user, 'enable', { productivity });
    const at = t.clock.now();
    const next = await service().tick(user.id);
    expect(next!.getTime() - at - 4 * 3_600_000).toBeLessThan(1000); // the next check-in, one interval later
    const list = await taskList(user);
    expect(list.total).toBe(expected);
    expect(list.tasks.every((x) => x.priority >= 5 && x.priority <= 8)).toBe(true);
    const settings = AutonomySettingsResponse.parse(
      await (await autonomyCall(user, 'settings')).json(),
    ).settings;
    expect(settings.lastRun).toMatchObject({ tasksGenerated: expected });
  });

  it('keeps to the focus areas and stops at the monthly limit', async () => {
    const user = await signedInUser(t);
    await autonomyCall(user, 'enable', { productivity: 30, preferences: { focusAreas: ['marketing'] } });
    await service().tick(user.id);
    const first = await taskList(user);
    expect(first.tasks.every((x) => x.category === 'marketing')).toBe(true);
    for (let i = 0; i < 4; i++) await service().tick(user.id);
    expect((await taskList(user)).total).toBe(10);
    const settings = AutonomySettingsResponse.parse(
      await (await autonomyCall(user, 'settings')).json(),
    ).settings;
    expect(settings.lastRun).toMatchObject({
      tasksGenerated: 0,
      message: "This month's task allowance is used up, so no tasks were added.",
    });
  });

  it('adds nothing once the free trial has ended without a paid plan', async () => {
    const user = await signedInUser(t);
    await autonomyCall(user, 'enable', { productivity: 10 });
    await call(t, 'GET', '/api/subscription/usage-details', { token: user.token }); // first use: the trial starts
    t.clock.advance(FREE_TRIAL_DAYS * 24 * 3_600_000 + 60_000);
    expect(await service().tick(user.id)).not.toBeNull();
    const [row] = await t.database.db.select().from(autonomySettings).where(eq(autonomySettings.userId, user.id));
    expect(row).toMatchObject({ lastRunTasks: 0, lastRunMessage: BILLING.trialEndedText });
    const tasks = await t.database.db.select().from(tasksTable).where(eq(tasksTable.userId, user.id));
    expect(tasks).toHaveLength(0);
  });

  it('does nothing once disabled', async () => {
    const user = await signedInUser(t);
    await autonomyCall(user, 'enable', {});
    await autonomyCall(user, 'disable', {});
    expect(await service().tick(user.id)).toBeNull();
    expect((await taskList(user)).total).toBe(0);
  });
});

describe('autonomy check-ins and the chat', () => {
  it('a Light Touch check-in after a chat plan repeats none of its tasks, and says which it skipped', async () => {
    // The offline co-founder plans in the chat and at the check-in, as for a founder without a model key.
    const o = await startTestServer(CHAT_TEST_OPTIONS);
    try {
      const user = await onboardedUser(o);
      await givePlan(o.database, user.id, 'builder');
      const chat = await call(o, 'POST', `/api/conversation/${user.id}`, {
        token: user.token,
        body: { role: 'user', text: 'Please create some marketing tasks for me' },
      });
      const planned = SendMessageResponse.parse(await chat.json()).aiResponse.tasks_generated;
      expect(planned).toBeGreaterThan(0);
      // The worker finishes tasks within seconds (offline agents); done work is not planned again for 30 days.
      await o.database.db.update(tasksTable).set({ status: 'completed' }).where(eq(tasksTable.userId, user.id));
      const before = await o.database.db.select().from(tasksTable).where(eq(tasksTable.userId, user.id));
      await call(o, 'POST', '/api/autonomous/enable', { token: user.token, headers: { 'x-user-id': user.id }, body: { productivity: 5, preferences: { focusAreas: ['marketing'] } } });
      const light = createAutonomyService({
        db: o.database.db,
        ai: fixedModels(offline),
        usage: createUsageService(o.database.db, o.clock.now),
        now: o.clock.now,
        log: pino({ level: 'silent' }),
        queue: null,
      });
      await light.tick(user.id);
      // Everything the offline co-founder proposes for marketing was planned this month already.
      const after = await o.database.db.select().from(tasksTable).where(eq(tasksTable.userId, user.id));
      expect(after).toHaveLength(before.length);
      const titles = after.map((x) => normaliseTitle(x.description));
      expect(new Set(titles).size).toBe(titles.length);
      const [row] = await o.database.db.select().from(autonomySettings).where(eq(autonomySettings.userId, user.id));
      expect(row!.lastRunTasks).toBe(0);
      const skipped = /^Nothing new to add\. Skipped (\d+) already on your list: (.+)\.$/.exec(row!.lastRunMessage!);
      expect(skipped, row!.lastRunMessage!).not.toBeNull();
      const named = [...skipped![2]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
      expect(named.length).toBe(Number(skipped![1]));
      expect(named.length).toBeGreaterThan(0);
      const listed = before.map((x) => compactPreview(x.description.replace(/"/g, "'")));
      for (const name of named) expect(listed).toContain(name);
    } finally {
      await o.close();
    }
  });
});

describe('autonomy on the queue', () => {
  it('runs the first check-in when enabled', { timeout: 30_000 }, async () => {
    const q = await startTestServer({
      ...CHAT_TEST_OPTIONS,
      ai: generous,
      queue: { pollingIntervalSeconds: 0.5 },
    });
    try {
      const user = await onboardedUser(q);
      const before = TaskListResponse.parse(
        await (await call(q, 'GET', `/api/tasks/${user.id}`, { token: user.token })).json(),
      ).total;
      await call(q, 'POST', '/api/autonomous/enable', {
        token: user.token,
        headers: { 'x-user-id': user.id },
        body: { productivity: 5 },
      });
      // The first check-in has run once the settings carry its time.
      await vi.waitFor(
        async () => {
          const res = AutonomySettingsResponse.parse(
            await (
              await call(q, 'GET', '/api/autonomous/settings', {
                token: user.token,
                headers: { 'x-user-id': user.id },
              })
            ).json(),
          );
          expect(res.settings.lastRun).toBeTruthy();
        },
        { timeout: 20_000, interval: 200 },
      );
      const after = TaskListResponse.parse(
        await (await call(q, 'GET', `/api/tasks/${user.id}`, { token: user.token })).json(),
      ).total;
      expect(after - before).toBe(Math.min(2, 10 - before));
    } finally {
      await q.close();
    }
  });

  it('runs a check-in now when the energy level changes or Start is pressed again, not at the queued slot hours away', { timeout: 60_000 }, async () => {
    const q = await startTestServer({ ...CHAT_TEST_OPTIONS, ai: generous, queue: { pollingIntervalSeconds: 0.5 } });
    try {
      const user = await onboardedUser(q);
      await givePlan(q.database, user.id, 'scale');
      const post = (path: string, body: unknown) =>
        call(q, 'POST', `/api/autonomous/${path}`, { token: user.token, headers: { 'x-user-id': user.id }, body });
      const lastRun = async () =>
        AutonomySettingsResponse.parse(
          await (await call(q, 'GET', '/api/autonomous/settings', { token: user.token, headers: { 'x-user-id': user.id } })).json(),
        ).settings.lastRun;
      const checkInAfter = async (previous: string | null) => {
        let run: Awaited<ReturnType<typeof lastRun>> = null;
        await vi.waitFor(
          async () => {
            run = await lastRun();
            expect(run?.at).toBeTruthy();
            expect(run?.at).not.toBe(previous);
          },
          { timeout: 20_000, interval: 200 },
        );
        return run!;
      };

      expect((await post('enable', { productivity: 5 })).status).toBe(200);
      const first = await checkInAfter(null);
      expect(first.tasksGenerated).toBe(2); // Light Touch

      // Sprint Mode: the next check-in was queued 4 hours away; the new level runs one now.
      const changed = AutonomySettingsResponse.parse(await (await post('settings', { productivity: 30 })).json());
      expect(Date.parse(changed.settings.nextRunAt!)).toBeLessThanOrEqual(q.clock.now()); // "Next check-in now"
      const sprint = await checkInAfter(first.at);
      expect(sprint.tasksGenerated).toBe(12);

      // Stop, then Start: the check-in queued for later moves up to now.
      expect((await post('disable', {})).status).toBe(200);
      expect((await post('enable', {})).status).toBe(200);
      await checkInAfter(sprint.at);
    } finally {
      await q.close();
    }
  });
});
