import { AgentsStatusResponse, TaskListResponse } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tasks } from '../../db/schema.ts';
import { TASK_EXECUTE } from '../../queue/task-queue.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { finishedJobs } from '../../test/queue-helpers.ts';
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

const status = async (user: TestUser, method: 'GET' | 'POST', path: string) =>
  AgentsStatusResponse.parse(
    await (await call(t, method, `/api/agents/${path}`, { token: user.token })).json(),
  );
const counts = async (user: TestUser) =>
  TaskListResponse.parse(await (await call(t, 'GET', `/api/tasks/${user.id}`, { token: user.token })).json());

describe('kill switch', () => {
  it('holds every task while stopped and runs them after resume', { timeout: 30_000 }, async () => {
    const user = await signedInUser(t);
    expect(await status(user, 'GET', 'status')).toEqual({ success: true, paused: false });
    expect(await status(user, 'POST', 'stop')).toEqual({ success: true, paused: true });
    expect((await status(user, 'GET', 'status')).paused).toBe(true);
    const rows = await t.database.db
      .insert(tasks)
      .values(
        [1, 2, 3].map((i) => ({
          userId: user.id,
          description: `Research ${i}`,
          priority: 5,
          agent: 'research_agent' as const,
          category: 'research' as const,
        })),
      )
      .returning();
    await t.queue!.enqueue(rows);
    // Each task's job, and the job it re-queued (the founder was "busy"), has been run and refused: the engine
    // has seen every task twice while stopped. (Stops early if a task got through, for the assertion below.)
    const ids = rows.map((r) => r.id);
    await vi.waitFor(
      async () => {
        const seen = await finishedJobs(t.database, TASK_EXECUTE, ids);
        const { pending } = await counts(user);
        if (pending === 3 && ids.some((id) => seen.get(id)! < 2))
          throw new Error(`jobs run: ${[...seen.values()]}`);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await counts(user)).toMatchObject({ pending: 3, in_progress: 0, completed: 0 });
    expect(await status(user, 'POST', 'resume')).toEqual({ success: true, paused: false });
    await vi.waitFor(async () => expect((await counts(user)).completed).toBe(3), {
      timeout: 20_000,
      interval: 200,
    });
  });

  it('needs a bearer', async () => {
    expect((await call(t, 'POST', '/api/agents/stop')).status).toBe(401);
  });
});
