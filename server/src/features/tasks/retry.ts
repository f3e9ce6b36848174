import type { RetryFailedResponse } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { failedTasks, moveFailed } from './tasks-list.repo.ts';
import { runStored } from './tasks.service.ts';

/** Errors that mean "log in to the platform first": retrying them without a login would fail again. */
const AUTH_ERROR =
  /auth|log ?in|unauthori[sz]ed|forbidden|credential|session expired|token|\b40[13]\b|connect (x|twitter|reddit)/i;

/** Spec 2 §8: the three result texts of "Retry failed". */
export function retryMessage(paused: number, retried: number): string {
  if (paused > 0)
    return `Converted ${paused} failed tasks to "Need Login" status. Please connect your social media accounts to proceed.`;
  if (retried > 0) return `Retried ${retried} failed tasks. They will be processed automatically.`;
  return 'No authentication-related failed tasks found to retry.';
}

/**
 * Failed tasks: authentication failures wait for a login (Need Login), the rest run again, as many as `runs` allows
 * (the founder's budget of task runs: it may refuse, before anything changes, or grant fewer; the others stay failed).
 */
export async function retryFailed(
  db: Db,
  queue: TaskQueue | null,
  userId: string,
  at: Date,
  runs: (wanted: number) => Promise<number> = async (wanted) => wanted,
): Promise<RetryFailedResponse> {
  const failed = await failedTasks(db, userId);
  const auth = failed.filter((t) => AUTH_ERROR.test(t.lastError ?? ''));
  const others = failed.filter((t) => !AUTH_ERROR.test(t.lastError ?? '')).slice(0, await runs(failed.length - auth.length));
  let paused = 0;
  // Each task keeps the platforms it needs; one that named none waits for X, where its posts go first.
  for (const t of auth) {
    const platforms = t.requiredPlatforms.length ? t.requiredPlatforms : (['twitter'] as const);
    const names = platforms.map((p) => (p === 'twitter' ? 'X' : 'Reddit')).join(' and ');
    const moved = await moveFailed(
      db,
      [t.id],
      {
        status: 'paused_login_required',
        requiredPlatforms: [...platforms],
        pauseReason: `Connect ${names} to continue this task`,
      },
      at,
    );
    paused += moved.length;
  }
  const retried = await moveFailed(
    db,
    others.map((t) => t.id),
    { status: 'pending' },
    at,
  );
  await runStored(
    queue,
    retried.map((id) => ({ id, userId })),
  );
  return {
    success: true,
    pausedTasks: paused,
    retriedTasks: retried.length,
    message: retryMessage(paused, retried.length),
  };
}
