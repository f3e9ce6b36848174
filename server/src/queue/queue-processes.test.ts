import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { tasks } from '../db/schema.ts';
import { openTestDatabase, testDatabaseUrl } from '../test/db.ts';
import { insertTasks, waitFor } from '../test/queue-helpers.ts';
import { TASK_EXECUTE } from './task-queue.ts';

// The queue's promises checked across real OS processes on one Postgres: each worker process has its own
// pg-boss, pool and engine, as separate server processes would. The test itself is a third process's producer.

const WORKER = fileURLToPath(new URL('../test/worker-process.ts', import.meta.url));
let database: Database;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table executions (task_id uuid not null, pid int not null)`);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => database.close());

/** Starts a worker process and resolves once its queue is up. */
function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, WORKER_DATABASE_URL: testDatabaseUrl(database)!, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

/** Queues the tasks the way a server process does: one job per task id. */
async function enqueue(rows: { id: string; userId: string }[]): Promise<void> {
  const producer = new PgBoss({
    connectionString: testDatabaseUrl(database)!,
    schedule: false,
    supervise: false,
  });
  producer.on('error', () => undefined);
  await producer.start();
  for (const row of rows) await producer.send(TASK_EXECUTE, row, { singletonKey: row.id });
  await producer.stop({ graceful: false });
}



/** Rows of a raw query, checked rather than cast (the driver types them as unknown). */
const rowsOf = <T extends z.ZodType>(schema: T, result: unknown): z.infer<T>[] =>
  z.object({ rows: z.array(schema) }).parse(result).rows;

const statusOf = async (id: string) =>
  (await database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!.status;
const completedCount = async () =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(eq(tasks.status, 'completed'))
  )[0]!.n;

describe.skipIf(!process.env.TEST_DATABASE_URL)('task queue across worker processes', () => {
  it('two processes run 500 tasks, each exactly once, sharing the work', { timeout: 150_000 }, async () => {
    // Both processes are up before any work exists, so the split between them is the queue's doing.
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const added = await insertTasks(database, Array.from({ length: 25 }, () => randomUUID()), 20);
    await enqueue(added);
    await enqueue(added.slice(0, 100)); // queued twice on purpose: must still run once
    await waitFor(async () => (await completedCount()) >= 500, 120_000);
    const [runs] = rowsOf(
      z.object({ total: z.number(), distinct: z.number(), pids: z.number() }),
      await database.db.execute(
        sql`select count(*)::int as total, count(distinct task_id)::int as distinct, count(distinct pid)::int as pids from executions`,
      ),
    );
    expect(runs).toEqual({ total: 500, distinct: 500, pids: 2 });
    for (const child of [a, b]) child.kill('SIGTERM');
  });

  it(
    'a task held by a killed process completes in another once its lease expires',
    { timeout: 90_000 },
    async () => {
      await database.db.execute(sql`delete from tasks`);
      const [task] = await insertTasks(database, [randomUUID()], 1);
      const taskId = task!.id;
      const doomed = await startWorker({ HANG_ON_TASK_ID: taskId });
      await enqueue([task!]);
      const runsOf = async () =>
        rowsOf(z.object({ pid: z.number() }), await database.db.execute(sql`select pid from executions where task_id = ${taskId}`));
      // Killed only once its agent has started (its run is recorded): 'in_progress' comes a moment before that.
      await waitFor(async () => (await runsOf()).length === 1, 30_000);
      expect(await statusOf(taskId)).toBe('in_progress');
      doomed.kill('SIGKILL');
      await startWorker();
      await waitFor(async () => (await statusOf(taskId)) === 'completed', 60_000);
      const rows = await runsOf();
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.pid)).size).toBe(2);
    },
  );
});
