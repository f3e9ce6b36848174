import { MACHINE_AGENTS, type PatchTaskBody, type Task, type TaskStatus } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { ownVm } from '../vms/vms.service.ts';
import { ownTask, toTask, updateTask } from './tasks-list.repo.ts';
import { runStored } from './tasks.service.ts';
import { requireOwned } from '../../http/access.ts';

/** Status moves an owner may make (PatchTaskBody); every other move belongs to the engine. */
const OWNER_MOVES: Record<TaskStatus, TaskStatus[]> = {
  pending: ['completed'],
  failed: ['pending'],
  completed: ['pending'],
  in_progress: [],
  paused_login_required: [],
};

/**
 * A founder's change to their own task: a machine for a coding or research task (their own machine), or a status
 * move from OWNER_MOVES. A task moved back to pending is queued again. The update only lands on the status it was
 * read with, so a change racing the engine is refused (409) instead of overwriting it.
 */
export async function changeOwnTask(
  db: Db,
  queue: TaskQueue | null,
  userId: string,
  taskId: string,
  change: PatchTaskBody,
  at: Date,
): Promise<Task> {
  const task = requireOwned(await ownTask(db, userId, taskId), userId, 'Task not found');
  if (change.vmId) {
    if (!(MACHINE_AGENTS as readonly string[]).includes(task.agent)) {
      throw new AppError(
        'validation_failed',
        'vmId: Only coding and research tasks run on a machine',
        'vmId',
      );
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
    at,
  );
  if (!updated) throw new AppError('conflict', 'The task changed meanwhile; reload and try again');
  if (task.status !== 'pending' && updated.status === 'pending') await runStored(queue, [updated]);
  return toTask(updated);
}
