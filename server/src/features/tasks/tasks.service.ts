import type { PlanDefinition, PlannedTask } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema.ts';
import type { QueuedTask, TaskQueue } from '../../queue/task-queue.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { insertTasks, openTasks } from './tasks.repo.ts';

const key = (description: string) => description.toLowerCase().replace(/\W+/g, ' ').trim();

export interface StoredPlan {
  tasks: TaskRow[];
  /** The plan had tasks but this month's task allowance had none left. */
  limitReached: boolean;
}

/**
 * Stores an AI task plan inside the caller's transaction: drops tasks that repeat an open one, keeps the
 * most important first, and stores only as many as the month's task allowance still grants.
 */
export async function storePlan(
  tx: Db,
  usage: UsageService,
  userId: string,
  plan: PlanDefinition,
  planned: PlannedTask[],
  at: Date,
): Promise<StoredPlan> {
  const seen = new Set((await openTasks(tx, userId, 500)).map((t) => key(t.description)));
  const fresh = [...planned]
    .sort((a, b) => b.priority - a.priority)
    .filter((t) => {
      const k = key(t.description);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  if (fresh.length === 0) return { tasks: [], limitReached: false };
  const granted = await usage.claimTasks(tx, userId, plan, fresh.length);
  return { tasks: await insertTasks(tx, userId, fresh.slice(0, granted), at), limitReached: granted === 0 };
}

/** The sentence that reports a stored plan to the founder. */
export function planSummary(stored: StoredPlan): string {
  const n = stored.tasks.length;
  if (n > 0)
    return `I've created ${n} new task${n === 1 ? '' : 's'} for you:\n${stored.tasks.map((t) => `- ${t.description} (priority ${t.priority})`).join('\n')}`;
  if (stored.limitReached)
    return "You've used this month's task allowance, so I didn't add new tasks. Upgrade your plan to add more.";
  return 'Your task list already covers this plan, so I did not add duplicates.';
}

/** Hands newly stored tasks to the queue, once their transaction has committed (a worker must see them). */
export async function runStored(queue: TaskQueue | null, stored: QueuedTask[]): Promise<void> {
  if (queue && stored.length) await queue.enqueue(stored.map(({ id, userId }) => ({ id, userId })));
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { ownTask } from './tasks-list.repo.ts';
