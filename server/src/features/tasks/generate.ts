import { TASK_ENGINE, TaskPlan, type Task } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AiModels } from '../../providers/ai/port.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { aiRequest, loadMemory } from '../cofounder/context.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { toTask } from './tasks-list.repo.ts';
import { runStored, storePlan } from './tasks.service.ts';

const GENERATE_REQUEST = `Plan the next ${TASK_ENGINE.generateCount} tasks that move my startup forward most.`;
const TASK_LIMIT_TEXT = "You've reached your monthly task limit. Upgrade your plan to continue.";

export interface GenerateDeps {
  db: Db;
  ai: AiModels;
  usage: UsageService;
  queue: TaskQueue | null;
}

/**
 * "Generate tasks" (spec 2 §7): the co-founder plans the next tasks from the founder's memory, they are stored
 * within the plan's monthly task limit and queued, none repeating work already on the list (the activity feed
 * names those skipped). A founder at the limit gets the usage warning's text (429).
 */
export async function generateTasks(
  { db, ai, usage, queue }: GenerateDeps,
  userId: string,
  at: Date,
): Promise<Task[]> {
  await usage.requireActivePlan(userId);
  const limitReached = async () =>
    new AppError('rate_limited', (await usage.details(userId)).warnings.taskLimit ?? TASK_LIMIT_TEXT);
  if ((await usage.details(userId)).usage.tasks.remaining === 0) throw await limitReached();
  const [memory, plan, model] = await Promise.all([loadMemory(db, userId), usage.planOf(userId), ai.forUser(userId)]);
  const planned = await model.structured({
    ...aiRequest('plan', memory, [{ role: 'user', content: GENERATE_REQUEST }]),
    name: 'task_plan',
    schema: TaskPlan,
  });
  const stored = await db.transaction((tx) =>
    // Every proposal goes in: one already on the list makes room for the next, up to generateCount new ones.
    storePlan(tx, usage, userId, plan, planned.tasks, at, TASK_ENGINE.generateCount),
  );
  if (stored.limitReached) throw await limitReached();
  await runStored(queue, stored.tasks);
  return stored.tasks.map(toTask);
}
