import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { createAutonomyService } from '../features/autonomy/autonomy.service.ts';
import { createTaskExecutor } from '../features/tasks/engine.ts';
import { pendingTasks } from '../features/tasks/tasks.repo.ts';
import { createUsageService } from '../features/usage/usage.service.ts';
import type { AiProvider } from '../providers/ai/port.ts';
import { startAutonomyQueue, type AutonomyScheduler } from './autonomy-queue.ts';
import { startTaskQueue, type TaskQueue, type TaskQueueOptions } from './task-queue.ts';

interface Deps {
  database: Database;
  databaseUrl: string | null;
  ai: AiProvider;
  log: Logger;
  now: () => number;
  /** Replaces the agents (queue tests, bench). */
  agents?: Parameters<typeof createTaskExecutor>[0]['agents'];
  /** Test overrides (short leases, fast polling). */
  tuning?: Partial<
    Pick<
      TaskQueueOptions,
      | 'expireSeconds'
      | 'superviseIntervalSeconds'
      | 'pollingIntervalSeconds'
      | 'busyDelaySeconds'
      | 'concurrency'
      | 'retryDelaySeconds'
    >
  >;
}

export type Workers = TaskQueue & { autonomy: AutonomyScheduler };

/**
 * pg-boss with the task engine and the autonomy check-ins as its workers; pending tasks left from a previous
 * run are queued again.
 */
export async function startWorkers({
  database,
  databaseUrl,
  ai,
  log,
  now,
  agents,
  tuning,
}: Deps): Promise<Workers> {
  const execute = createTaskExecutor({ db: database.db, ai, now, log, agents });
  const queue = await startTaskQueue({ database, databaseUrl, execute, log, ...tuning });
  await queue.enqueue(await pendingTasks(database.db));
  const usage = createUsageService(database.db, now);
  const autonomy = createAutonomyService({ db: database.db, ai, usage, now, log, queue });
  return {
    enqueue: queue.enqueue,
    stop: queue.stop,
    autonomy: await startAutonomyQueue(queue.boss, autonomy.tick),
  };
}
