// The newest page of a long history against the same page of a short one (issue 27): a founder with 10,000 chat
// messages and 10,000 tasks versus one with 60 of each, the first page (50 rows) read through the repos, on PGlite
// and on Postgres. With indexes in the lists' order both are one index range scan, so the ratio stays near 1
// (goal ≤ 1.2×); a sort would make the long history cost like reading all of it.
// Postgres is started from Debian's packages (scripts/postgres.mjs) when BENCH_DATABASE_URL is not given.
// BENCH_SMOKE=1: 200 rows against 60, three reads each.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startTestPostgres } from '../scripts/postgres.mjs';
import type { Database, Db } from '../server/src/db/client.ts';
import { newestPage } from '../server/src/features/messages/messages.repo.ts';
import { listTasks } from '../server/src/features/tasks/tasks-list.repo.ts';
import { openTestDatabase } from '../server/src/test/db.ts';
import { exitCode, row, size } from './report.ts';

const LONG = size(10_000, 200);
const SHORT = 60;
const PAGE = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? size(300, 3));
const GOAL_RATIO = 1.2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(db: Db, userId: string, rows: number): Promise<void> {
  await db.execute(sql`
    insert into messages (user_id, channel, role, text, created_at)
    select ${userId}, 'chat', case when g % 2 = 0 then 'user' else 'intern' end, 'message ' || g,
           now() - (${rows} - g) * interval '1 second'
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into tasks (user_id, description, priority, status, agent, category, created_at)
    select ${userId}, 'task ' || g, 1 + g % 10, 'completed', 'marketing_agent', 'marketing',
           now() - (${rows} - g) * interval '1 second'
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`analyze`);
}

/** Median milliseconds of `read` for each founder, the two measured in turns so both see the same noise. */
async function timeBoth(read: (userId: string) => Promise<unknown>, long: string, short: string) {
  const times = { long: [] as number[], short: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const [key, userId] of [['long', long], ['short', short]] as const) {
      const start = performance.now();
      await read(userId);
      if (i >= RUNS / 10) times[key].push(performance.now() - start); // the first tenth warms caches and plans
    }
  }
  return { long: median(times.long), short: median(times.short) };
}

async function measure(label: string, database: Database): Promise<void> {
  const long = randomUUID();
  const short = randomUUID();
  await seed(database.db, long, LONG);
  await seed(database.db, short, SHORT);
  const lists: Record<string, (userId: string) => Promise<unknown>> = {
    'chat newest page': (userId) => newestPage(database.db, userId, 'chat', null, PAGE),
    'tasks newest page': (userId) => listTasks(database.db, userId, null, PAGE),
  };
  for (const [name, read] of Object.entries(lists)) {
    const t = await timeBoth(read, long, short);
    row({
      figure: `${name} of ${LONG} rows vs ${SHORT}, median (${label})`,
      value: t.long,
      floor: t.short,
      unit: 'ms',
      goal: { of: 'ratio', max: GOAL_RATIO },
    });
  }
  await database.close();
}

delete process.env.TEST_DATABASE_URL;
await measure('PGlite', await openTestDatabase());
const pg = process.env.BENCH_DATABASE_URL ? null : await startTestPostgres();
const adminUrl = process.env.BENCH_DATABASE_URL ?? pg?.url;
try {
  if (!adminUrl) throw new Error('PostgreSQL is not installed: set BENCH_DATABASE_URL');
  process.env.TEST_DATABASE_URL = adminUrl;
  await measure('Postgres', await openTestDatabase());
} finally {
  pg?.stop();
}
process.exit(exitCode());
