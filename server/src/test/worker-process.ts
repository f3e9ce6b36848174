// A queue worker in a process of its own, for the multi-process queue tests: the real queue and engine with
// no-op agents that record each run (and the process that ran it) in an `executions` table. One task can be
// made to hang, so a test can kill the process while it holds that task.
import { TASK_AGENTS, type TaskAgent } from '@cofounder/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openPostgres } from '../db/client.ts';
import type { Agent } from '../features/agents/agent.ts';
import { createOfflineProvider } from '../providers/ai/offline.ts';
import { fixedModels } from '../providers/ai/port.ts';
import { startWorkers } from '../queue/start.ts';

const url = process.env.WORKER_DATABASE_URL;
if (!url) throw new Error('WORKER_DATABASE_URL is required');
const hangOn = process.env.HANG_ON_TASK_ID;

const database = await openPostgres(url, () => undefined);
const noop: Agent = async ({ task }) => {
  await database.db.execute(sql`insert into executions (task_id, pid) values (${task.id}, ${process.pid})`);
  if (task.id === hangOn) await new Promise(() => undefined);
  return { summary: 'done', content: 'done', data: {}, activities: [], usage: { tokens: 0, costUsd: 0 } };
};
const workers = await startWorkers({
  database,
  databaseUrl: url,
  ai: fixedModels(createOfflineProvider()),
  log: pino({ level: 'silent' }),
  now: Date.now,
  agents: Object.fromEntries(TASK_AGENTS.map((a) => [a, noop])) as Record<TaskAgent, Agent>,
  tuning: {
    pollingIntervalSeconds: 0.5,
    busyDelaySeconds: 1,
    expireSeconds: 3,
    superviseIntervalSeconds: 1,
    retryDelaySeconds: 1,
  },
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void workers
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
