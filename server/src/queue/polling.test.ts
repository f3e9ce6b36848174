import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testDatabaseUrl } from '../test/db.ts';
import { startTaskQueue, type ExecuteOutcome, type TaskExecutor } from './task-queue.ts';

// Idle workers poll rarely; these check, on the real clock, that work does not wait for that poll.

const LONG_POLL_SECONDS = 30;
/** Far under the poll: a pickup this quick came from a wake-up, not from polling. */
const PICKUP_BOUND_MS = 2_000;
const IDLE_FIRST_MS = 1_000;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** An executor that answers each run from `outcomes` (then 'done') and records when each run started. */
function recordingExecutor(outcomes: ExecuteOutcome[] = []) {
  const runs: number[] = [];
  let notify: () => void = () => undefined;
  const execute: TaskExecutor = async () => {
    runs.push(performance.now());
    notify();
    return outcomes.shift() ?? 'done';
  };
  const runCount = (n: number) =>
    new Promise<void>((resolve) => {
      notify = () => runs.length >= n && resolve();
      notify();
    });
  return { execute, runs, runCount };
}

const startQueue = (execute: TaskExecutor, busyDelaySeconds?: number) =>
  startTaskQueue({
    database,
    databaseUrl: testDatabaseUrl(database),
    execute,
    log: pino({ level: 'silent' }),
    // Both intervals long: a fallback to polling would fail the bounds below as surely as a missing wake-up.
    pollingIntervalSeconds: LONG_POLL_SECONDS,
    idlePollingIntervalSeconds: LONG_POLL_SECONDS,
    busyDelaySeconds,
  });

describe('queue polling at idle', () => {
  it('picks up a task queued while the worker idles on a long poll at once (NOTIFY)', { timeout: 20_000 }, async () => {
    const { execute, runs, runCount } = recordingExecutor();
    const queue = await startQueue(execute);
    try {
      await new Promise((r) => setTimeout(r, IDLE_FIRST_MS)); // the worker's first fetch found nothing: it sleeps
      const queuedAt = performance.now();
      await queue.enqueue([{ id: randomUUID(), userId: randomUUID() }]);
      await runCount(1);
      expect(runs[0]! - queuedAt).toBeLessThan(PICKUP_BOUND_MS);
    } finally {
      await queue.stop();
    }
  });

  it('runs a task put off for a busy founder when it comes due, not at the next poll', { timeout: 20_000 }, async () => {
    const busyDelaySeconds = 1;
    const { execute, runs, runCount } = recordingExecutor(['busy']);
    const queue = await startQueue(execute, busyDelaySeconds);
    try {
      await new Promise((r) => setTimeout(r, IDLE_FIRST_MS));
      await queue.enqueue([{ id: randomUUID(), userId: randomUUID() }]);
      await runCount(2);
      const waited = runs[1]! - runs[0]!;
      expect(waited).toBeGreaterThanOrEqual(busyDelaySeconds * 1000 - 50);
      expect(waited).toBeLessThan(busyDelaySeconds * 1000 + PICKUP_BOUND_MS);
    } finally {
      await queue.stop();
    }
  });
});
