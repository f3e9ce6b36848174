import { QUEUE_POLLING, TASK_ENGINE } from '@cofounder/shared';
import { fromPglite, PgBoss, type ConstructorOptions, type Job, type JobResult } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { createWaker, workerPolling, type PollingTuning, type Waker } from './polling.ts';

export const TASK_EXECUTE = 'task.execute';

/** What the engine did with a job's task. `busy`: the founder is at the concurrency limit, try again later. */
export type ExecuteOutcome = 'done' | 'skipped' | 'busy';

/** Runs one task for one job; `lastAttempt` tells it to mark the task failed instead of throwing for a retry. */
export type TaskExecutor = (taskId: string, jobId: string, lastAttempt: boolean) => Promise<ExecuteOutcome>;

export interface TaskQueueOptions extends PollingTuning {
  database: Database;
  /** The Postgres URL pg-boss opens its own pool on (null: the PGlite instance of `database`). */
  databaseUrl: string | null;
  execute: TaskExecutor;
  log: Logger;
  /** Jobs one process runs at once (agents mostly wait on the AI provider). */
  concurrency?: number;
  /** Tests shorten the lease and the supervisor's period to see an expired job handed over. */
  expireSeconds?: number;
  superviseIntervalSeconds?: number;
  /** Seconds before a task whose founder is at the concurrency limit is tried again. */
  busyDelaySeconds?: number;
  retryDelaySeconds?: number;
}

/** A task to queue; its founder rides along on the job so the queue's tables show whose work it is. */
export interface QueuedTask {
  id: string;
  userId: string;
}

export interface TaskQueue {
  /** Queues each task once: a task that already has a queued job is not queued again. */
  enqueue(tasks: QueuedTask[]): Promise<void>;
  /** Stops taking jobs (tasks and autonomy ticks), lets running ones finish (bounded), closes pg-boss's connections. */
  stop(): Promise<void>;
}

const WORKERS_PER_PROCESS = 4;
const BUSY_DELAY_SECONDS = 5;
const STOP_TIMEOUT_MS = 10_000;
const ENQUEUE_BATCH = 500;

function bossOptions(o: TaskQueueOptions): ConstructorOptions {
  // pg-boss checks option keys with `in`: an undefined value must not be passed at all.
  const common = {
    schedule: false,
    // Workers are woken by NOTIFY when a job is queued (on PGlite too, in-process) instead of polling for it.
    useListenNotify: true,
    // The app sends no flows (jobs waiting on other jobs): their pass need not run every 5 s.
    flowIntervalSeconds: QUEUE_POLLING.idleSeconds,
    // Nothing reads pg-boss's instance registry: no row to write at start and every 30 s.
    registerInstance: false,
    // Expired leases are found by the monitor pass, which needs both timers.
    ...(o.superviseIntervalSeconds
      ? {
          superviseIntervalSeconds: o.superviseIntervalSeconds,
          monitorIntervalSeconds: o.superviseIntervalSeconds,
        }
      : {}),
  };
  if (o.databaseUrl) return { ...common, connectionString: o.databaseUrl, max: 4 };
  if (!('pglite' in o.database.raw)) throw new Error('A Postgres database needs its URL for the queue');
  return { ...common, db: fromPglite(o.database.raw.pglite), backend: 'pglite' };
}

/**
 * pg-boss on the app's database. `stately` keeps at most one queued (and one running) job per task id, so a
 * task is never queued twice, while a running job may queue its own follow-up (the founder was busy).
 */
export async function startTaskQueue(o: TaskQueueOptions): Promise<TaskQueue & { boss: PgBoss; waker: Waker }> {
  const boss = new PgBoss(bossOptions(o));
  boss.on('error', (err) => o.log.error({ err }, 'queue error'));
  await boss.start();
  const retryLimit = TASK_ENGINE.attempts - 1;
  await boss.createQueue(TASK_EXECUTE, {
    policy: 'stately',
    notify: true,
    retryLimit,
    retryDelay: o.retryDelaySeconds ?? TASK_ENGINE.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: o.expireSeconds ?? TASK_ENGINE.expireSeconds,
  });
  // createQueue keeps an existing queue's settings: a test's short lease must still apply.
  await boss.updateQueue(TASK_EXECUTE, {
    notify: true, // a queue made before NOTIFY was used keeps notify off otherwise
    expireInSeconds: o.expireSeconds ?? TASK_ENGINE.expireSeconds,
    retryDelay: o.retryDelaySeconds ?? TASK_ENGINE.retryDelaySeconds,
  });

  const waker = createWaker(boss);
  let workerId = '';
  const send = async (task: QueuedTask, startAfter?: number) => {
    await boss.send(TASK_EXECUTE, task, { singletonKey: task.id, ...(startAfter ? { startAfter } : {}) });
    if (startAfter) waker.after(workerId, startAfter * 1000);
  };

  // Each fetch takes a batch and runs it concurrently; while batches come back full the worker fetches again at
  // once (burst) instead of waiting for the next poll, so a backlog drains at the speed of the work.
  const runJob = async (job: Job<QueuedTask>): Promise<JobResult> => {
    try {
      const outcome = await o.execute(job.data.id, job.id, job.retryCount >= retryLimit);
      if (outcome === 'busy') await send(job.data, o.busyDelaySeconds ?? BUSY_DELAY_SECONDS);
      return { id: job.id, status: 'completed' };
    } catch (err) {
      // 'failed' goes through the queue's retries (the engine has put the task back to pending).
      return {
        id: job.id,
        status: 'failed',
        output: { message: err instanceof Error ? err.message : String(err) },
      };
    }
  };
  workerId = await boss.work<QueuedTask>(
    TASK_EXECUTE,
    {
      batchSize: o.concurrency ?? WORKERS_PER_PROCESS,
      perJobResults: true,
      burstWhenBatchFull: true,
      ...workerPolling(o),
      // The per-founder limit is claimTask's (one SQL step under a per-user lock), not pg-boss's
      // groupConcurrency: measured here, that fetch made 500 no-op tasks take 39 s instead of 5.5 s.
    },
    (jobs: Job<QueuedTask>[]) => Promise.all(jobs.map(runJob)),
  );

  return {
    boss,
    waker,
    async enqueue(tasks) {
      // One insert per batch (a plan's tasks, the re-queue at start), not one round trip per task.
      for (let i = 0; i < tasks.length; i += ENQUEUE_BATCH) {
        const batch = tasks.slice(i, i + ENQUEUE_BATCH).map((task) => ({ data: task, singletonKey: task.id }));
        await boss.insert(TASK_EXECUTE, batch);
      }
    },
    async stop() {
      waker.stop();
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}
