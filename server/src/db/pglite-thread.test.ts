import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db.ts';
import type { Database } from './client.ts';
import type { PgliteThread } from './pglite-thread.ts';

// Issue 27: PGlite runs on a thread of its own; what the server relies on must behave as an in-process PGlite's.
const onPglite = !process.env.TEST_DATABASE_URL;
let database: Database;
let client: PgliteThread;

beforeAll(async () => {
  if (!onPglite) return;
  database = await openTestDatabase();
  client = (database.raw as { pglite: PgliteThread }).pglite;
  await client.exec('create table thread_probe (id int primary key, note text)');
});
afterAll(() => database?.close());

describe.skipIf(!onPglite)('PGlite on its own thread', () => {
  it('keeps this thread free while a query runs there', async () => {
    // A 300 ms query: timers here must keep firing meanwhile, as HTTP and SSE would.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    await client.query('select pg_sleep(0.3)');
    clearInterval(timer);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(ticks).toBeGreaterThanOrEqual(8);
  });

  it("gives PostgreSQL's error fields back (drizzle and the app read the SQLSTATE)", async () => {
    await client.query('insert into thread_probe values (1, $1)', ['first']);
    const err = await client.query('insert into thread_probe values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey', message: expect.stringMatching(/duplicate key/) });
  });

  it('commits a transaction that resolves and rolls back one that throws, through drizzle', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into thread_probe values (2, $1)', ['kept']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into thread_probe values (3, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await client.query<{ id: number }>('select id from thread_probe order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('runs a plain query after the open transaction, not inside it', async () => {
    const order: string[] = [];
    let plain: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query('insert into thread_probe values (4, $1)', ['in the transaction']);
      plain = client.query('select count(*) from thread_probe').then(() => order.push('plain'));
      await tx.query('select 1');
      order.push('transaction');
    });
    await plain;
    expect(order).toEqual(['transaction', 'plain']);
  });

  it('hands a NOTIFY to its listener before the notifying query answers', async () => {
    const heard: string[] = [];
    const stop = await client.listen('thread_probe_channel', (payload) => heard.push(payload));
    await client.query("select pg_notify('thread_probe_channel', 'hello')");
    expect(heard).toEqual(['hello']);
    await stop();
    await client.query("select pg_notify('thread_probe_channel', 'unheard')");
    expect(heard).toEqual(['hello']);
  });

  it('returns the types drizzle asks for as text, and refuses a parser that cannot cross threads', async () => {
    const at = "'2026-11-28 08:00:00+00'::timestamptz";
    const { rows } = await client.query<{ at: string }>(`select ${at} as at`, [], { parsers: { 1184: (value: string) => value } });
    expect(typeof rows[0]!.at).toBe('string');
    await expect(client.query(`select ${at}`, [], { parsers: { 1184: (value: string) => new Date(value) } })).rejects.toThrow(
      /only parsers that return the text/,
    );
  });
});
