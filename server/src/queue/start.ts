import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { createAutonomyService } from '../features/autonomy/autonomy.service.ts';
import { queuedApprovals } from '../features/publishing/publish.repo.ts';
import { createPublishHandler, type PublishTuning } from '../features/publishing/publish.service.ts';
import { createTaskExecutor } from '../features/tasks/engine.ts';
import type { MachineRunner } from '../features/tasks/machine-run.ts';
import { pendingTasks } from '../features/tasks/tasks.repo.ts';
import { createUsageService } from '../features/usage/usage.service.ts';
import type { AiModels } from '../providers/ai/port.ts';
import type { SocialProviders } from '../providers/social/port.ts';
import { startAutonomyQueue, type AutonomyScheduler } from './autonomy-queue.ts';
import { startPublishQueue, type PublishScheduler } from './publish-queue.ts';
import { startTaskQueue, type TaskQueue, type TaskQueueOptions } from './task-queue.ts';

interface Deps {
  database: Database;
  databaseUrl: string | null;
  ai: AiModels;
  log: Logger;
  now: () => number;
  /** The platforms approved posts are published to (none: every post waits for a connection). */
  social?: SocialProviders;
  /** The key the app sealed provider tokens with (must be the app's to read them). */
  tokenKey?: Buffer;
  /** Runs coding and research tasks on the founder's machine first (absent: tasks say machines are unavailable). */
  machine?: MachineRunner;
  /** Replaces the agents (queue tests, bench). */
  agents?: Parameters<typeof createTaskExecutor>[0]['agents'];
  /** Test overrides (short leases, fast polling). */
  tuning?: Partial<
    Pick<
      TaskQueueOptions,
      | 'expireSeconds'
      | 'superviseIntervalSeconds'
      | 'pollingIntervalSeconds'
      | 'idlePollingIntervalSeconds'
      | 'busyDelaySeconds'
      | 'concurrency'
      | 'retryDelaySeconds'
    >
  > & { publishing?: PublishTuning };
}

export type Workers = TaskQueue & { autonomy: AutonomyScheduler; publisher: PublishScheduler };

/**
 * pg-boss with the task engine, the autonomy check-ins and the publishing of approved posts as its workers;
 * pending tasks and queued posts left from a previous run are queued again.
 */
export async function startWorkers({
  database,
  databaseUrl,
  ai,
  log,
  now,
  agents,
  machine,
  tuning = {},
  social = {},
  tokenKey = randomBytes(32),
}: Deps): Promise<Workers> {
  const { publishing, ...taskTuning } = tuning;
  // The executor exists before pg-boss does (the task queue starts with it): posts it approves before the
  // publish queue is up stay queued and are picked up by the re-queue below.
  let publishQueue: PublishScheduler | null = null;
  const publisher: PublishScheduler = {
    enqueue: async (approvals, startAfterSeconds) => publishQueue?.enqueue(approvals, startAfterSeconds),
  };
  const execute = createTaskExecutor({ db: database.db, ai, now, log, agents, publisher, machine });
  const queue = await startTaskQueue({ database, databaseUrl, execute, log, ...taskTuning });
  await queue.enqueue(await pendingTasks(database.db));
  const usage = createUsageService(database.db, now);
  const autonomy = createAutonomyService({ db: database.db, ai, usage, now, log, queue });
  const publish = createPublishHandler({ db: database.db, social, tokenKey, now, log, tuning: publishing });
  publishQueue = await startPublishQueue(queue.boss, queue.waker, publish, taskTuning);
  for (const { startAfterSeconds, ...approval } of await queuedApprovals(database.db, new Date(now()))) {
    await publishQueue.enqueue([approval], startAfterSeconds);
  }
  return {
    enqueue: queue.enqueue,
    stop: queue.stop,
    autonomy: await startAutonomyQueue(queue.boss, queue.waker, autonomy.tick, taskTuning),
    publisher,
  };
}
