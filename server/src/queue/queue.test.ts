import { randomUUID } from 'node:crypto';
import { TASK_AGENTS, TASK_ENGINE, type TaskAgent } from '@cofounder/shared';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { tasks } from '../db/schema.ts';
import type { Agent } from '../features/agents/agent.ts';
import { claimTask } from '../features/tasks/engine.repo.ts';
import { createOfflineProvider } from '../providers/ai/offline.ts';
import { fixedModels } from '../providers/ai/port.ts';
import { openTestDatabase, testDatabaseUrl } from '../test/db.ts';
import { insertTasks, waitFor } from '../test/queue-helpers.ts';
import { startWorkers } from './start.ts';
import { TASK_EXECUTE, type TaskQueue } from './task-queue.ts';

// Two queue instances on one database stand for two server processes: each has its own pg-boss and pool.

const log = pino({ level: 'silent' });
const TUNING = {
  pollingIntervalSeconds: 0.5,
  busyDelaySeconds: 1,
  expireSeconds: 3,
  superviseIntervalSeconds: 1,
  retryDelaySeconds: 1,
};
let database: Database;
const running = new Map<string, number>();
let maxRunning = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table executions (task_id uuid not null, at timestamptz not null default now())`,
  );
});
afterAll(() => database.close());

/** A no-op agent that records each run and how many of one founder's tasks run at once. */
const noop: Agent = async ({ task }) => {
  const n = (running.get(task.userId) ?? 0) + 1;
  running.set(task.userId, n);
  maxRunning = Math.max(maxRunning, n);
  await database.db.execute(sql`insert into executions (task_id) values (${task.id})`);
  await new Promise((r) => setTimeout(r, 5));
  running.set(task.userId, (running.get(task.userId) ?? 1) - 1);
  return { summary: 'done', content: 'done', data: {}, activities: [], usage: { tokens: 0, costUsd: 0 } };
};
const NOOP_AGENTS = Object.fromEntries(TASK_AGENTS.map((a) => [a, noop])) as Record<TaskAgent, Agent>;

const worker = () =>
  startWorkers({
    database,
    databaseUrl: testDatabaseUrl(database),
    ai: fixedModels(createOfflineProvider()),
    log,
    now: Date.now,
    agents: NOOP_AGENTS,
    tuning: TUNING,
  });



const countWhere = async (status: string) =>
  Number(
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tasks)
        .where(eq(tasks.status, status as 'completed'))
    )[0]!.n,
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)('task queue on Postgres', () => {
  it(
    'two workers run 500 tasks exactly once, never more than the per-user limit at a time',
    { timeout: 120_000 },
    async () => {
      const queues: TaskQueue[] = [await worker(), await worker()];
      const users = Array.from({ length: 50 }, () => randomUUID());
      const ids = await insertTasks(database, users, 10);
      await queues[0]!.enqueue(ids.slice(0, 250));
      await queues[1]!.enqueue(ids.slice(250));
      await queues[1]!.enqueue(ids.slice(0, 100)); // queued twice on purpose: must still run once
      await waitFor(async () => (await countWhere('completed')) === 500, 100_000);
      const [runs] = await database.db
        .select({ total: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct task_id)::int` })
        .from(sql`executions`);
      expect(runs).toEqual({ total: 500, distinct: 500 });
      expect(maxRunning).toBeLessThanOrEqual(TASK_ENGINE.perUserConcurrency);
      await Promise.all(queues.map((q) => q.stop()));
    },
  );

  it(
    'hands a task held by a stopped worker to another once its lease expires',
    { timeout: 60_000 },
    async () => {
      const queue = await worker();
      await queue.stop(); // the queue exists with the test's short lease; nobody works it now
      const [task] = await insertTasks(database, [randomUUID()], 1);
      const taskId = task!.id;
      // The "dead" process: takes the job and the task, then stops without finishing either.
      const dead = new PgBoss({
        connectionString: testDatabaseUrl(database)!,
        schedule: false,
        supervise: false,
      });
      dead.on('error', () => undefined);
      await dead.start();
      await dead.send(TASK_EXECUTE, task!, { singletonKey: taskId });
      const [job] = await dead.fetch<{ id: string }>(TASK_EXECUTE);
      expect(job?.data.id).toBe(taskId);
      expect(
        (await claimTask(database.db, taskId, job!.id, TASK_ENGINE.perUserConcurrency, new Date())).kind,
      ).toBe('claimed');
      await dead.stop({ graceful: false });

      const survivor = await worker();
      await waitFor(
        async () =>
          (await database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status === 'completed',
        40_000,
      );
      const [row] = await database.db.select().from(tasks).where(eq(tasks.id, taskId));
      expect(row!.attempts).toBe(2);
      await survivor.stop();
    },
  );
});
