import Router from '@koa/router';
import {
  contract,
  type GenerateTasksResponse,
  type PatchTaskResponse,
  type RetryFailedResponse,
  type TaskListResponse,
  type TaskResultResponse,
} from '@cofounder/shared';
import type { z } from 'zod';
import { currentUser, ownParam } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { generateTasks } from './generate.ts';
import { changeOwnTask } from './owner-change.ts';
import { retryFailed } from './retry.ts';
import { ownTask, resultOf, toTask, toTaskResult } from './tasks-list.repo.ts';
import { taskList } from './tasks.service.ts';
import { requireOwned } from '../../http/access.ts';

/** Tasks (spec 2 §7): list with counts, generate, change, retry failed, result. */
export const tasksRoutes: FeatureRouter = ({ database, ai, now, queue }) => {
  const { db } = database;
  const usage = createUsageService(db, now);
  const at = () => new Date(now());
  const router = new Router();

  router.get('/api/tasks/:userId', ownParam('userId'), async (ctx) => {
    const userId = ctx.params.userId!;
    const query = parseInput(contract.tasks.query, ctx.query);
    const status = query.status && query.status !== 'all' ? query.status : null;
    const body: TaskListResponse = await taskList(db, userId, status, query.limit);
    ctx.body = body;
  });

  router.post('/api/tasks/:userId/generate', ownParam('userId'), async (ctx) => {
    const tasks = await generateTasks({ db, ai, usage, queue }, ctx.params.userId!, at());
    ctx.body = { success: true, tasks, tasks_generated: tasks.length } satisfies GenerateTasksResponse;
  });

  router.patch('/api/tasks/:taskId', async (ctx) => {
    const change = parseInput(contract.patchTask.body, ctx.request.body);
    const task = await changeOwnTask(db, queue, currentUser(ctx).id, ctx.params.taskId!, change, at());
    ctx.body = { success: true, task } satisfies z.infer<typeof PatchTaskResponse>;
  });

  router.post('/api/tasks/:userId/retry-failed', ownParam('userId'), async (ctx) => {
    const body: RetryFailedResponse = await retryFailed(db, queue, ctx.params.userId!, at());
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
