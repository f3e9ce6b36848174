import { TASK_ENGINE, type TaskAgent } from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { AiModels } from '../../providers/ai/port.ts';
import type { PublishScheduler } from '../../queue/publish-queue.ts';
import type { TaskExecutor } from '../../queue/task-queue.ts';
import type { Agent } from '../agents/agent.ts';
import { AGENTS } from '../agents/index.ts';
import { loadMemory } from '../cofounder/context.ts';
import { connectedPlatforms } from '../connections/connections.service.ts';
import { claimTask, failTask, finishTask } from './engine.repo.ts';
import { runOnMachine, wantsMachine, withMachineRun, type MachineRunner } from './machine-run.ts';

interface Deps {
  db: Db;
  ai: AiModels;
  now: () => number;
  log: Logger;
  /** Replaces the agents (the queue tests and bench measure the engine with no-op agents). */
  agents?: Record<TaskAgent, Agent>;
  /** Publishes the drafts of founders who turned "Approve before posting" off. */
  publisher?: PublishScheduler;
  /** Runs coding and research tasks on the founder's chosen machine first (absent: no machines in this worker). */
  machine?: MachineRunner;
}

/** The task engine: what a queue job does with its task (claim, run the agent, store the outcome). */
export function createTaskExecutor({ db, ai: models, now, log, agents = AGENTS, publisher, machine }: Deps): TaskExecutor {
  return async (taskId, jobId, lastAttempt) => {
    const claim = await claimTask(db, taskId, jobId, TASK_ENGINE.perUserConcurrency, new Date(now()));
    if (claim.kind !== 'claimed') return claim.kind;
    const { task } = claim;
    try {
      const [memory, connected, ai] = await Promise.all([
        loadMemory(db, task.userId),
        connectedPlatforms(db, task.userId),
        // The founder's own model when they connected one, read when the task runs (not when it was queued).
        models.forUser(task.userId),
      ]);
      const run = wantsMachine(task) ? await runOnMachine(task, machine) : null;
      const done = await agents[task.agent]({ task, memory, ai, connected, db, now });
      const outcome = run ? withMachineRun(done, run) : done;
      const autoApproved = await finishTask(db, task, jobId, outcome, ai.producer, new Date(now()));
      if (autoApproved.length) await publisher?.enqueue(autoApproved);
      return 'done';
    } catch (err) {
      log.warn({ err, taskId, lastAttempt }, 'task run failed');
      await failTask(
        db,
        taskId,
        jobId,
        err instanceof Error ? err.message : String(err),
        lastAttempt,
        new Date(now()),
      );
      // Rethrown so pg-boss schedules the next attempt; after the last one the task already says failed.
      if (!lastAttempt) throw err;
      return 'done';
    }
  };
}
