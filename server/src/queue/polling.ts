import { QUEUE_POLLING } from '@cofounder/shared';
import type { PgBoss, WorkOptions } from 'pg-boss';

/** Polling overrides: tests shorten both so retries and expired leases, which no NOTIFY announces, come quickly. */
export interface PollingTuning {
  /** Seconds between fetches when NOTIFY is unavailable; alone, it sets the idle poll too. */
  pollingIntervalSeconds?: number;
  /** Seconds between fetches of an idle worker that NOTIFY wakes. */
  idlePollingIntervalSeconds?: number;
}

/** A worker's polling: pg-boss uses the idle interval while its LISTEN is up, the short one otherwise. */
export function workerPolling(t: PollingTuning): Pick<WorkOptions, 'pollingIntervalSeconds' | 'notifyPollingIntervalSeconds'> {
  const polling = t.pollingIntervalSeconds ?? QUEUE_POLLING.fallbackSeconds;
  const idle = t.idlePollingIntervalSeconds ?? t.pollingIntervalSeconds ?? QUEUE_POLLING.idleSeconds;
  return { pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: Math.max(idle, polling) };
}

export interface Waker {
  /** Wakes the worker when a job it was just sent becomes due `delayMs` from now. */
  after(workerId: string, delayMs: number): void;
  stop(): void;
}

/**
 * pg-boss's NOTIFY fires only for jobs runnable at once; a job queued for later (a busy founder, a back-off, the
 * next check-in) would wait for the idle poll. The process that queued it wakes its own worker when it comes due.
 */
export function createWaker(boss: PgBoss, horizonSeconds: number = QUEUE_POLLING.wakeHorizonSeconds): Waker {
  const timers = new Set<NodeJS.Timeout>();
  return {
    after(workerId, delayMs) {
      if (delayMs <= 0 || delayMs > horizonSeconds * 1000) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        boss.notifyWorker(workerId);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
