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
    // A 300 ms query: timers here must keep firing meanwhile, as HTTP and SSE would. A thread the query held could
    // run a due timer at most once, after the query, before its result; two ticks first show it was never held,
    // however busy the machine (on two idle cores there are about fifteen).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    await client.query('select pg_sleep(0.3)');
    clearInterval(timer);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(ticks).toBeGreaterThanOrEqual(2);
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

  describe('repeated statements run prepared', () => {
    const preparedCount = async (sql: string) =>
      (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [sql])).rows[0]!.n;

    /** Runs `sql` until the thread has prepared it (the fifth time), returning the first, unprepared answer. */
    const untilPrepared = async (sql: string, params: unknown[] = []) => {
      const first = await client.query(sql, params);
      for (let i = 0; i < 3; i++) await client.query(sql, params);
      expect(await preparedCount(sql)).toBe(0);
      await client.query(sql, params);
      expect(await preparedCount(sql)).toBe(1);
      return first;
    };

    it('prepares a statement the fifth time, and answers exactly as the unprepared first call', async () => {
      await client.exec("create table typed_probe (id uuid primary key, at timestamptz, doc jsonb, tags text[], amount numeric, note text)");
      await client.query('insert into typed_probe values ($1, $2, $3, $4, $5, $6)', [
        '7c2a1f4e-0d51-4c8e-9a43-2b8f0c9d1e77',
        new Date('2026-11-28T08:00:00.123Z'),
        { plan: 'builder', n: 2 },
        ['x', 'reddit'],
        '0.0042',
        null,
      ]);
      const sql = 'select id, at, doc, tags, amount, note from typed_probe where id = $1 and at < $2';
      const params = ['7c2a1f4e-0d51-4c8e-9a43-2b8f0c9d1e77', new Date('2027-01-01T00:00:00Z')];
      const first = await untilPrepared(sql, params);
      const second = await client.query(sql, params);
      const third = await client.query(sql, params, { rowMode: 'array' });
      expect(second).toEqual(first);
      expect(first.rows).toEqual([
        { id: params[0], at: new Date('2026-11-28T08:00:00.123Z'), doc: { plan: 'builder', n: 2 }, tags: ['x', 'reddit'], amount: '0.0042', note: null },
      ]);
      expect(third.rows).toEqual([Object.values(first.rows[0]!)]);
    });

    it("gives a prepared statement's error fields back, and the next query runs", async () => {
      const unique = 'insert into thread_probe values ($1, $2)';
      for (const id of [10, 30, 31, 32, 33]) await client.query(unique, [id, 'x']);
      expect(await preparedCount(unique)).toBe(1);
      const err = await client.query(unique, [10, 'again']).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
      expect((await client.query(unique, [12, 'c'])).affectedRows).toBe(1);
    });

    it('runs inside a transaction (rolled back with it), and a plain one waits for the transaction to end', async () => {
      const insert = 'insert into thread_probe (id, note) values ($1, $2)';
      const count = 'select count(*)::int as n from thread_probe where id between 20 and 29';
      for (const id of [20, 21, 23, 24, 25]) await client.query(insert, [id, 'kept']);
      await untilPrepared(count);
      expect(await preparedCount(insert)).toBe(1);
      const order: string[] = [];
      let plain: Promise<unknown> = Promise.resolve();
      await expect(
        client.transaction(async (tx) => {
          await tx.query(insert, [22, 'dropped']);
          plain = client.query<{ n: number }>(count).then(({ rows }) => order.push(`plain saw ${rows[0]!.n}`));
          order.push(`transaction saw ${(await tx.query<{ n: number }>(count)).rows[0]!.n}`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await plain;
      expect(order).toEqual(['transaction saw 6', 'plain saw 5']);
    });

    it('forgets a statement whose table changed shape and answers with the new shape', async () => {
      await client.exec('create table shape_probe (id int)');
      await client.query('insert into shape_probe values (1)');
      const sql = 'select * from shape_probe';
      await untilPrepared(sql);
      await client.exec("alter table shape_probe add column note text default 'new'");
      expect((await client.query(sql)).rows).toEqual([{ id: 1, note: 'new' }]);
      expect((await client.query(sql)).rows).toEqual([{ id: 1, note: 'new' }]);
    });

    it('keeps at most 100 statements prepared, the most recently used', async () => {
      for (let i = 0; i < 130; i++) for (let time = 0; time < 5; time++) await client.query(`select ${i} as n`);
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name like 'cofounder_%'");
      expect(rows[0]!.n).toBe(100);
      expect(await preparedCount('select 129 as n')).toBe(1);
      expect(await preparedCount('select 0 as n')).toBe(0);
    });
  });
});
