import type { PgBoss } from 'pg-boss';
import { workerPolling, type PollingTuning, type Waker } from './polling.ts';

export const AUTONOMY_TICK = 'autonomy.tick';

/** One check-in for one founder; resolves to when the next one is due (null: autonomy is off, stop). */
export type AutonomyTick = (userId: string) => Promise<Date | null>;

export interface AutonomyScheduler {
  /**
   * Queues a check-in at `at`. A founder never has two queued: one queued for later moves up to `at` (Start or a
   * new energy level runs a check-in now, not at the old slot hours away); one queued sooner keeps its time.
   */
  schedule(userId: string, at: Date): Promise<void>;
}

/** Autonomy check-ins on pg-boss: a tick job per enabled founder (singletonKey = user id), re-queued by each tick. */
export async function startAutonomyQueue(
  boss: PgBoss,
  waker: Waker,
  tick: AutonomyTick,
  polling: PollingTuning = {},
): Promise<AutonomyScheduler> {
  // stately: at most one queued and one running tick per founder, so a running tick can queue its successor.
  await boss.createQueue(AUTONOMY_TICK, {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    notify: true,
  });
  await boss.updateQueue(AUTONOMY_TICK, { notify: true }); // createQueue keeps an older queue's settings
  let workerId = '';
  const send = async (userId: string, at: Date) => {
    const id = await boss.send(AUTONOMY_TICK, { userId }, { singletonKey: userId, startAfter: at });
    if (id) waker.after(workerId, at.getTime() - Date.now());
    return id;
  };
  const schedule = async (userId: string, at: Date) => {
    if (await send(userId, at)) return;
    // Refused: one is queued already (stately). A later one is cancelled and this one queued in its place.
    const queued = await boss.findJobs(AUTONOMY_TICK, { key: userId, queued: true });
    const later = queued.filter((job) => job.startAfter.getTime() > at.getTime());
    if (!later.length) return;
    await boss.cancel(AUTONOMY_TICK, later.map((job) => job.id));
    await send(userId, at);
  };
  workerId = await boss.work<{ userId: string }>(AUTONOMY_TICK, workerPolling(polling), async ([job]) => {
    if (!job) return;
    const next = await tick(job.data.userId);
    if (next) await schedule(job.data.userId, next);
  });
  return { schedule };
}
