import { startTestPostgres } from '../scripts/postgres.mjs';

/**
 * Runs `measure` on embedded PGlite, then on PostgreSQL: BENCH_DATABASE_URL (npm run bench shares one) or a
 * throwaway server started here. Test servers pick their database from TEST_DATABASE_URL.
 */
export async function onEachDatabase(measure: (label: 'PGlite' | 'Postgres') => Promise<void>): Promise<void> {
  delete process.env.TEST_DATABASE_URL;
  await measure('PGlite');
  const pg = process.env.BENCH_DATABASE_URL ? null : await startTestPostgres();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? pg?.url;
  try {
    if (!adminUrl) throw new Error('PostgreSQL is not installed: set BENCH_DATABASE_URL');
    process.env.TEST_DATABASE_URL = adminUrl;
    await measure('Postgres');
  } finally {
    pg?.stop();
  }
}
