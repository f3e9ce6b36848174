import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/db.ts';
import { MAX_NOTIFY_BYTES, type EventBus } from './bus.ts';
import { createEventBus } from './create-bus.ts';
import { createPostgresBus } from './postgres-bus.ts';

// The bus on the suite's database: PGlite by default, Postgres when TEST_DATABASE_URL is set.

let database: Database;
let bus: EventBus;
beforeAll(async () => {
  database = await openTestDatabase();
  bus = await createEventBus(database);
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

/** Resolves once `count` payloads arrived on vm_events. */
function collect(target: EventBus, count: number): Promise<unknown[]> {
  const got: unknown[] = [];
  return new Promise((resolve) => {
    const stop = target.subscribe('vm_events', (payload) => {
      got.push(payload);
      if (got.length === count) {
        stop();
        resolve(got);
      }
    });
  });
}

describe('event bus', () => {
  it('delivers payloads to its own process, in publish order, per channel', async () => {
    const events = collect(bus, 3);
    const control: unknown[] = [];
    const stopControl = bus.subscribe('vm_control', (payload) => control.push(payload));
    for (const n of [1, 2, 3]) await bus.publish('vm_events', { n });
    await bus.publish('vm_control', { type: 'watch', vmId: 'a' });
    expect(await events).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await expect.poll(() => control).toEqual([{ type: 'watch', vmId: 'a' }]);
    stopControl();
  });

  it('stops delivering after unsubscribe, and one failing handler does not starve the others', async () => {
    const stale: unknown[] = [];
    bus.subscribe('vm_events', (payload) => stale.push(payload))();
    bus.subscribe('vm_events', () => {
      throw new Error('handler bug');
    });
    const next = collect(bus, 1);
    await bus.publish('vm_events', { after: true });
    expect(await next).toEqual([{ after: true }]);
    expect(stale).toEqual([]);
  });

  it('refuses a payload over the NOTIFY limit', async () => {
    await expect(bus.publish('vm_events', { blob: 'x'.repeat(MAX_NOTIFY_BYTES) })).rejects.toThrow(/exceeds/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('event bus on Postgres', () => {
  it(
    'reaches another bus instance, and listens again after its connection is killed',
    { timeout: 20_000 },
    async () => {
      if (!('pool' in database.raw)) throw new Error('expected Postgres');
      const pool = database.raw.pool;
      const other = await createPostgresBus(pool, undefined, { firstMs: 50, maxMs: 200 });
      try {
        const first = collect(other, 1);
        await bus.publish('vm_events', { from: 'bus' });
        expect(await first).toEqual([{ from: 'bus' }]);

        // Kill every listening session (both buses'); each must come back on its own. The kill waits for the old
        // backends to exit, and only new sessions whose LISTEN has finished (idle: committed) count: counting the
        // dying ones, or a LISTEN still running, published the next event to nobody on a loaded machine.
        const killed = (
          await pool.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
          )
        ).rows.map((row) => row.pid);
        expect(killed).toHaveLength(2);
        await pool.query('SELECT pg_terminate_backend(pid, 5000) FROM unnest($1::int[]) AS pid', [killed]);
        const listening = async () =>
          Number(
            (
              await pool.query<{ n: string }>(
                `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND state = 'idle' AND pid <> ALL($1::int[])`,
                [killed],
              )
            ).rows[0]!.n,
          );
        await expect.poll(listening, { timeout: 10_000, interval: 100 }).toBe(2);
        const again = collect(other, 1);
        await bus.publish('vm_events', { after: 'reconnect' });
        expect(await again).toEqual([{ after: 'reconnect' }]);
      } finally {
        await other.close();
      }
    },
  );

  it('fails at start-up when Postgres is unreachable instead of retrying in the background', async () => {
    const nowhere = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 1000,
    });
    await expect(createPostgresBus(nowhere)).rejects.toThrow();
    await nowhere.end();
  });
});
