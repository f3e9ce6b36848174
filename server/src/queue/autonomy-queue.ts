import type { PgBoss } from 'pg-boss';

export const AUTONOMY_TICK = 'autonomy.tick';

/** One check-in for one founder; resolves to when the next one is due (null: autonomy is off, stop). */
export type AutonomyTick = (userId: string) => Promise<Date | null>;

export interface AutonomyScheduler {
  /** Queues a check-in at `at`; a founder never has two queued (one already queued keeps its time). */
  schedule(userId: string, at: Date): Promise<void>;
}

/** Autonomy check-ins on pg-boss: a tick job per enabled founder (singletonKey = user id), re-queued by each tick. */
export async function startAutonomyQueue(boss: PgBoss, tick: AutonomyTick): Promise<AutonomyScheduler> {
  // stately: at most one queued and one running tick per founder, so a running tick can queue its successor.
  await boss.createQueue(AUTONOMY_TICK, {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
  });
  const schedule = async (userId: string, at: Date) => {
    await boss.send(AUTONOMY_TICK, { userId }, { singletonKey: userId, startAfter: at });
  };
  await boss.work<{ userId: string }>(AUTONOMY_TICK, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (!job) return;
    const next = await tick(job.data.userId);
    if (next) await schedule(job.data.userId, next);
  });
  return { schedule };
}
