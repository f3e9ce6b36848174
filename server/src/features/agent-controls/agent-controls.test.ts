import { AgentsStatusResponse, TaskListResponse } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
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
    await new Promise((r) => setTimeout(r, 2500)); // several polls and a re-queue while stopped
    expect(await counts(user)).toMatchObject({ pending: 3, in_progress: 0, completed: 0 });
    expect(await status(user, 'POST', 'resume')).toEqual({ success: true, paused: false });
    for (let i = 0; i < 100 && (await counts(user)).completed < 3; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect((await counts(user)).completed).toBe(3);
  });

  it('needs a bearer', async () => {
    expect((await call(t, 'POST', '/api/agents/stop')).status).toBe(401);
  });
});
