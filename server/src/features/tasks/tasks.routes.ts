import Router from '@koa/router';
import type { Context } from 'koa';
import {
  contract,
  RATE_LIMITS,
  type GenerateTasksResponse,
  type PatchTaskResponse,
  type RetryFailedResponse,
  type TaskListResponse,
  type Task,
  type TaskResultResponse,
} from '@cofounder/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser, ownParam } from '../../http/auth.ts';
import { limitPerUser, type RateLimits } from '../../http/rate-limits.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { meterAsMessage } from '../usage/message-meter.ts';
import { createUsageService, type UsageService } from '../usage/usage.service.ts';
import { generateTasks } from './generate.ts';
import { changeOwnTask } from './owner-change.ts';
import { retryFailed } from './retry.ts';
import { takeTaskRuns } from './task-runs-budget.ts';
import { ownTask, resultOf, toTask, toTaskResult } from './tasks-list.repo.ts';
import { taskList } from './tasks.service.ts';
import { requireOwned } from '../../http/access.ts';

/**
 * A task moved back to pending runs again: a task run from the founder's budget, and when the task was completed
 * (its work was done) one task of the month's allowance, given back when the change is refused. A failed task's
 * new run is free, as a failed chat reply's message is given back. Resolves to the refund (nothing to give back: a
 * no-op).
 */
async function claimRunAgain(ctx: Context, db: Db, limits: RateLimits, usage: UsageService): Promise<() => Promise<void>> {
  await takeTaskRuns(ctx, limits, 1);
  const userId = currentUser(ctx).id;
  const task = await ownTask(db, userId, ctx.params.taskId!);
  return task?.status === 'completed' ? usage.claimTaskRun(userId) : async () => {};
}

/** Tasks (spec 2 §7): list with counts, generate, change, retry failed, result. */
export const tasksRoutes: FeatureRouter = ({ database, ai, now, queue, rateLimits }) => {
  const { db } = database;
  const usage = createUsageService(db, now);
  const at = () => new Date(now());
  const router = new Router();
  // A plan asks the model: the per-minute budget, and one of the month's messages, as the chat's "plan my tasks"
  // message is (the tasks it stores count as tasks besides; a plan that repeats the list stores none, yet asked).
  const planBudget = limitPerUser(rateLimits, 'task-plans', RATE_LIMITS.taskPlans, RATE_LIMITS.texts.taskPlans);
  const plan = meterAsMessage(usage, planBudget);

  router.get('/api/tasks/:userId', ownParam('userId'), async (ctx) => {
    const userId = ctx.params.userId!;
    const query = parseInput(contract.tasks.query, ctx.query);
    const status = query.status && query.status !== 'all' ? query.status : null;
    const body: TaskListResponse = await taskList(db, userId, status, query.limit);
    ctx.body = body;
  });

  router.post('/api/tasks/:userId/generate', ownParam('userId'), plan, async (ctx) => {
    const tasks = await generateTasks({ db, ai, usage, queue }, ctx.params.userId!, at());
    ctx.body = { success: true, tasks, tasks_generated: tasks.length } satisfies GenerateTasksResponse;
  });

  router.patch('/api/tasks/:taskId', async (ctx) => {
    const change = parseInput(contract.patchTask.body, ctx.request.body);
    const refund = change.status === 'pending' ? await claimRunAgain(ctx, db, rateLimits, usage) : async () => {};
    let task: Task;
    try {
      task = await changeOwnTask(db, queue, currentUser(ctx).id, ctx.params.taskId!, change, at());
    } catch (err) {
      await refund();
      throw err;
    }
    ctx.body = { success: true, task } satisfies z.infer<typeof PatchTaskResponse>;
  });

  router.post('/api/tasks/:userId/retry-failed', ownParam('userId'), async (ctx) => {
    // Each task sent to run again is one of the founder's task runs: fewer go when fewer are left.
    const body: RetryFailedResponse = await retryFailed(db, queue, ctx.params.userId!, at(), (wanted) =>
      takeTaskRuns(ctx, rateLimits, wanted),
    );
    ctx.body = body;
  });

  router.get('/api/tasks/:taskId/result', async (ctx) => {
    const userId = currentUser(ctx).id;
    const task = requireOwned(await ownTask(db, userId, ctx.params.taskId!), userId, 'Task not found');
    const result = await resultOf(db, task.id);
    const body: TaskResultResponse = {
      success: true,
      task: toTask(task),
      result: result && toTaskResult(result),
    };
    ctx.body = body;
  });

  return router;
};
