// Task queue throughput and the task list under load, in one run:
//  1. jobs claimed and completed per second by 1 worker process versus 2 (two pg-boss instances, each with its
//     own pool, on one Postgres), with a no-op agent so the figure is the engine's own cost; printed with the
//     ratio 2 workers : 1 worker (goal ≥ 1.7×, issue 27);
//  2. p99 of GET /api/tasks/{userId} for a founder with 10,000 tasks (goal ≤ 50 ms).
// Postgres is started from Debian's packages (scripts/postgres.mjs) when BENCH_DATABASE_URL is not given.
// BENCH_SMOKE=1: 20 jobs, 100 tasks, one read.
import { randomUUID } from 'node:crypto';
import { TASK_AGENTS, type TaskAgent } from '@cofounder/shared';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { startTestPostgres } from '../scripts/postgres.mjs';
import { tasks } from '../server/src/db/schema.ts';
import type { Agent } from '../server/src/features/agents/agent.ts';
import { createOfflineProvider } from '../server/src/providers/ai/offline.ts';
import { fixedModels } from '../server/src/providers/ai/port.ts';
import { startWorkers } from '../server/src/queue/start.ts';
import { CHAT_TEST_OPTIONS } from '../server/src/test/factories.ts';
import { openTestDatabase, testDatabaseUrl } from '../server/src/test/db.ts';
import { startTestServer } from '../server/src/test/server.ts';
import { call, signedInUser } from '../server/src/test/users.ts';
import { exitCode, row, size } from './report.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? size(1000, 20));
const USERS = size(200, 10);
const LIST_SIZE = size(10_000, 100);
const RUNS = Number(process.env.BENCH_RUNS ?? size(200, 1));
const WARMUP = size(20, 0);
const GOAL_TWO_WORKERS = 1.7;
const GOAL_LIST_P99_MS = 50;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

const pg = process.env.BENCH_DATABASE_URL ? null : await startTestPostgres();
const adminUrl = process.env.BENCH_DATABASE_URL ?? pg?.url;
if (!adminUrl) throw new Error('PostgreSQL is not installed: set BENCH_DATABASE_URL');
process.env.TEST_DATABASE_URL = adminUrl;
const log = pino({ level: 'silent' });
const noop: Agent = async () => ({
  summary: 'done',
  content: 'done',
  data: {},
  activities: [],
  usage: { tokens: 0, costUsd: 0 },
});
const agents = Object.fromEntries(TASK_AGENTS.map((a) => [a, noop])) as Record<TaskAgent, Agent>;

/** Seconds for `workers` queue instances to run JOBS no-op tasks spread over USERS founders. */
async function drain(workers: number): Promise<number> {
  const database = await openTestDatabase();
  const url = testDatabaseUrl(database);
  const start = () =>
    startWorkers({
      database,
      databaseUrl: url,
      ai: fixedModels(createOfflineProvider()),
      log,
      now: Date.now,
      agents,
      tuning: { busyDelaySeconds: 1 },
    });
  const queues = [];
  for (let i = 0; i < workers; i++) queues.push(await start());
  const users = Array.from({ length: USERS }, () => randomUUID());
  const rows = Array.from({ length: JOBS }, (_, i) => ({
    userId: users[i % USERS]!,
    description: `noop ${i}`,
    priority: 5,
    agent: 'research_agent' as const,
    category: 'research' as const,
  }));
  const stored: (typeof tasks.$inferSelect)[] = [];
  for (let i = 0; i < rows.length; i += 500)
    stored.push(
      ...(await database.db
        .insert(tasks)
        .values(rows.slice(i, i + 500))
        .returning()),
    );
  const began = performance.now();
  await Promise.all(queues.map((q, i) => q.enqueue(stored.filter((_, j) => j % workers === i))));
  for (;;) {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(eq(tasks.status, 'completed'));
    if (Number(row!.n) === JOBS) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - began) / 1000;
  await Promise.all(queues.map((q) => q.stop()));
  await database.close();
  return seconds;
}

try {
  const one = JOBS / (await drain(1));
  const two = JOBS / (await drain(2));
  row({
    figure: `queue throughput of ${JOBS} no-op tasks, 2 workers vs 1`,
    value: two,
    floor: one,
    unit: 'jobs/s',
    goal: { of: 'ratio', min: GOAL_TWO_WORKERS },
  });

  const server = await startTestServer(CHAT_TEST_OPTIONS);
  const user = await signedInUser(server);
  const statuses = ['pending', 'completed', 'failed', 'paused_login_required', 'in_progress'] as const;
  const rows = Array.from({ length: LIST_SIZE }, (_, i) => ({
    userId: user.id,
    description: `task ${i}`,
    priority: 1 + (i % 10),
    agent: 'research_agent' as const,
    category: 'research' as const,
    status: statuses[i % statuses.length]!,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await server.database.db.insert(tasks).values(rows.slice(i, i + 1000));
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const began = performance.now();
    const res = await call(server, 'GET', `/api/tasks/${user.id}`, { token: user.token });
    await res.json();
    if (i >= WARMUP) times.push(performance.now() - began);
  }
  row({ figure: `GET /api/tasks with ${LIST_SIZE} tasks, p50`, value: quantile(times, 0.5), unit: 'ms' });
  row({
    figure: `GET /api/tasks with ${LIST_SIZE} tasks, p99`,
    value: quantile(times, 0.99),
    unit: 'ms',
    goal: { of: 'value', max: GOAL_LIST_P99_MS },
  });
  await server.close();
} finally {
  pg?.stop();
}
process.exitCode = exitCode();
