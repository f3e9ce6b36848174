import { TaskListResponse, TaskResultResponse, type TaskAgent } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, approvals, tasks } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    queue: { pollingIntervalSeconds: 0.5, busyDelaySeconds: 1 },
  });
});
afterAll(() => t.close());

/** The founder's tasks once none is pending or in progress. */
function settled(user: TestUser): Promise<TaskListResponse> {
  return vi.waitFor(
    async () => {
      const body = TaskListResponse.parse(
        await (await call(t, 'GET', `/api/tasks/${user.id}`, { token: user.token })).json(),
      );
      if (body.pending > 0 || body.in_progress > 0)
        throw new Error(`tasks did not settle: ${body.pending} pending, ${body.in_progress} in progress`);
      return body;
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('task engine (offline agents)', () => {
  it('runs the onboarding plan to completion with results and activities', async () => {
    const user = await onboardedUser(t);
    const done = await settled(user);
    expect(done.total).toBeGreaterThan(0);
    expect(done.failed).toBe(0);
    for (const task of done.tasks) {
      const res = TaskResultResponse.parse(
        await (await call(t, 'GET', `/api/tasks/${task.id}/result`, { token: user.token })).json(),
      );
      expect(res.result?.content.length).toBeGreaterThan(20);
      expect(res.result).toMatchObject({ tokens: 0, costUsd: 0 });
    }
    const rows = await t.database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(rows.length).toBeGreaterThanOrEqual(done.total);
  });

  it('runs every agent, and marketing pauses until X and Reddit are connected', async () => {
    const user = await signedInUser(t);
    await givePlan(t.database, user.id, 'builder'); // investor research needs Builder (a trial's task pauses)
    const agents: [TaskAgent, 'research' | 'marketing' | 'sales' | 'development' | 'investor_outreach'][] = [
      ['research_agent', 'research'],
      ['marketing_agent', 'marketing'],
      ['sales_agent', 'sales'],
      ['customer_outreach', 'sales'],
      ['coding_agent', 'development'],
      ['investor_outreach_agent', 'investor_outreach'],
    ];
    const rows = await t.database.db
      .insert(tasks)
      .values(
        agents.map(([agent, category]) => ({
          userId: user.id,
          description: `Work for ${agent}`,
          priority: 5,
          agent,
          category,
        })),
      )
      .returning();
    await t.queue!.enqueue(rows);
    const done = await settled(user);
    expect(done).toMatchObject({ completed: 5, paused: 1, failed: 0 });
    const marketing = done.tasks.find((x) => x.agent === 'marketing_agent')!;
    expect(marketing).toMatchObject({
      status: 'paused_login_required',
      requiredPlatforms: ['twitter', 'reddit'],
      pauseReason: 'Connect X and Reddit to publish this post',
    });
    const result = TaskResultResponse.parse(
      await (await call(t, 'GET', `/api/tasks/${marketing.id}/result`, { token: user.token })).json(),
    );
    const tweets = (result.result?.data as { tweets: { text: string }[] }).tweets;
    expect(tweets[0]!.text.length).toBeLessThanOrEqual(280);
    const feed = await t.database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(new Set(feed.map((a) => a.platform))).toEqual(new Set(['cofounder', 'twitter', 'reddit']));
    expect(feed.filter((a) => a.taskId === null)).toHaveLength(0);
    const drafts = await t.database.db.select().from(approvals).where(eq(approvals.userId, user.id));
    expect(drafts.map((d) => d.post.platform).sort()).toEqual(['reddit', 'twitter']);
  });
});
