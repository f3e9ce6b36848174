import { describe, expect, it } from 'vitest';
import { createWorkPool } from './work-pool.ts';

/** A job that runs until `finish()` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: async () => (log.push(name), await done, name), finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkPool', () => {
  it('runs at most `size` jobs at once and starts the waiting ones first come, first served', async () => {
    const pool = createWorkPool(2);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(started, name));
    const results = jobs.map((g) => pool.run(g.job));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(pool.load).toEqual({ running: 2, waiting: 3 });

    jobs[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(pool.load).toEqual({ running: 2, waiting: 2 });

    jobs[0]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    for (const g of jobs) g.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a job arriving while a slot is handed over waits its turn: never size + 1 at once, still in order', async () => {
    // The arrival is timed a few microtask hops after the first job ends, so one of them lands between the slot
    // being freed and the waiting job resuming (the window where a pool can let a newcomer in too).
    for (let hops = 0; hops < 8; hops++) {
      const pool = createWorkPool(1);
      const started: string[] = [];
      let running = 0;
      let most = 0;
      const job = (name: string, then?: () => void) => async () => {
        started.push(name);
        most = Math.max(most, ++running);
        await tick();
        running--;
        then?.();
        return name;
      };
      let late: Promise<string> | undefined;
      const arrive = (left: number): void => {
        if (left === 0) late = pool.run(job('late'));
        else queueMicrotask(() => arrive(left - 1));
      };
      const runs = [pool.run(job('first', () => arrive(hops))), pool.run(job('queued'))];
      await Promise.all(runs);
      await late;
      expect({ hops, most, started }).toEqual({ hops, most: 1, started: ['first', 'queued', 'late'] });
    }
  });

  it('a failed job frees its slot and the failure reaches its caller only', async () => {
    const pool = createWorkPool(1);
    const failing = pool.run(async () => {
      throw new Error('recogniser crashed');
    });
    const next = pool.run(async () => 'ran');
    await expect(failing).rejects.toThrow('recogniser crashed');
    expect(await next).toBe('ran');
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a waiting job whose caller gives up leaves the line and never runs; one given up already never queues', async () => {
    const pool = createWorkPool(1);
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = pool.run(first.job);
    const caller = new AbortController();
    const dropped = pool.run(gate(started, 'dropped').job, caller.signal);
    const after = gate(started, 'after');
    const next = pool.run(after.job);
    await tick();
    expect(pool.load).toEqual({ running: 1, waiting: 2 });
    caller.abort();
    await expect(dropped).rejects.toThrow(/abort/i);
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    await expect(pool.run(gate(started, 'late').job, caller.signal)).rejects.toThrow(/abort/i);
    first.finish();
    after.finish();
    expect([await running, await next]).toEqual(['first', 'after']);
    expect(started).toEqual(['first', 'after']);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });
});
