import Router from '@koa/router';
import {
  MACHINE_AGENTS,
  PatchTaskBody,
  TASK_ENGINE,
  TaskListQuery,
  TaskPlan,
  type GenerateTasksResponse,
  type PatchTaskResponse,
  type RetryFailedResponse,
  type TaskListResponse,
  type TaskResultResponse,
  type TaskStatus,
} from '@cofounder/shared';
import { z } from 'zod';
import { currentUser, ownParam } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { aiRequest, loadMemory } from '../cofounder/context.ts';
import type { FeatureRouter } from '../types.ts';
import { ownVm } from '../vms/vms.service.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { retryFailed } from './retry.ts';
import {
  countByStatus,
  listTasks,
  ownTask,
  resultOf,
  toTask,
  toTaskResult,
  updateTask,
  usageOfTasks,
} from './tasks-list.repo.ts';
import { runStored, storePlan } from './tasks.service.ts';

/** The list is capped so a founder with 10,000 tasks still gets a fast answer; the counts cover all tasks. */
const ListQuery = TaskListQuery.extend({ limit: z.coerce.number().int().min(1).max(500).default(200) });

/** Status moves an owner may make (PatchTaskBody); every other move belongs to the engine. */
const OWNER_MOVES: Record<TaskStatus, TaskStatus[]> = {
  pending: ['completed'],
  failed: ['pending'],
  completed: ['pending'],
  in_progress: [],
  paused_login_required: [],
};

const GENERATE_REQUEST = `Plan the next ${TASK_ENGINE.generateCount} tasks that move my startup forward most.`;

/** Tasks (spec 2 §7): list with counts, generate, change, retry failed, result. */
export const tasksRoutes: FeatureRouter = ({ database, ai, now, queue }) => {
  const { db } = database;
  const usage = createUsageService(db, now);
  const at = () => new Date(now());
  const router = new Router();

  router.get('/api/tasks/:userId', ownParam('userId'), async (ctx) => {
    const userId = ctx.params.userId!;
    const query = parseInput(ListQuery, ctx.query);
    const status = query.status && query.status !== 'all' ? query.status : null;
    const [rows, counts, spent] = [
      await listTasks(db, userId, status, query.limit),
      await countByStatus(db, userId),
      await usageOfTasks(db, userId),
    ];
    const body: TaskListResponse = {
      success: true,
      tasks: rows.map(toTask),
      total: Object.values(counts).reduce((a, b) => a + b, 0),
      pending: counts.pending,
      in_progress: counts.in_progress,
      completed: counts.completed,
      paused: counts.paused_login_required,
      failed: counts.failed,
      usage: spent,
    };
    ctx.body = body;
  });

  router.post('/api/tasks/:userId/generate', ownParam('userId'), async (ctx) => {
    const userId = ctx.params.userId!;
    await usage.requireActivePlan(userId);
    const limitText = async () =>
      (await usage.details(userId)).warnings.taskLimit ??
      "You've reached your monthly task limit. Upgrade your plan to continue.";
    const before = await usage.details(userId);
    if (before.usage.tasks.remaining === 0) throw new AppError('rate_limited', await limitText());
    const memory = await loadMemory(db, userId);
    const plan = await usage.planOf(userId);
    const planned = await ai.structured({
      ...aiRequest('plan', memory, [{ role: 'user', content: GENERATE_REQUEST }]),
      name: 'task_plan',
      schema: TaskPlan,
    });
    const stored = await db.transaction((tx) =>
      storePlan(tx, usage, userId, plan, planned.tasks.slice(0, TASK_ENGINE.generateCount), at()),
    );
    if (stored.limitReached) throw new AppError('rate_limited', await limitText());
    await runStored(queue, stored.tasks);
    const body: GenerateTasksResponse = {
      success: true,
      tasks: stored.tasks.map(toTask),
      tasks_generated: stored.tasks.length,
    };
    ctx.body = body;
  });

  router.patch('/api/tasks/:taskId', async (ctx) => {
    const task = await ownTask(db, currentUser(ctx).id, ctx.params.taskId!);
    if (!task) throw new AppError('not_found', 'Task not found');
    const change = parseInput(PatchTaskBody, ctx.request.body);
    if (change.vmId) {
      if (!(MACHINE_AGENTS as readonly string[]).includes(task.agent)) {
        throw new AppError('validation_failed', 'vmId: Only coding and research tasks run on a machine', 'vmId');
      }
      await ownVm(db, change.vmId, task.userId);
    }
    if (change.status && change.status !== task.status && !OWNER_MOVES[task.status].includes(change.status)) {
      throw new AppError('conflict', `A task cannot move from ${task.status} to ${change.status}`);
    }
    const updated = await updateTask(
      db,
      task.id,
      task.status,
      { ...change, ...(change.status === 'pending' ? { lastError: null } : {}) },
      at(),
    );
    if (!updated) throw new AppError('conflict', 'The task changed meanwhile; reload and try again');
    if (task.status !== 'pending' && updated.status === 'pending') await runStored(queue, [updated]);
    const body: z.infer<typeof PatchTaskResponse> = { success: true, task: toTask(updated) };
    ctx.body = body;
  });

  router.post('/api/tasks/:userId/retry-failed', ownParam('userId'), async (ctx) => {
    const body: RetryFailedResponse = await retryFailed(db, queue, ctx.params.userId!, at());
    ctx.body = body;
  });

  router.get('/api/tasks/:taskId/result', async (ctx) => {
    const task = await ownTask(db, currentUser(ctx).id, ctx.params.taskId!);
    if (!task) throw new AppError('not_found', 'Task not found');
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
