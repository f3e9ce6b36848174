import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

const urls = new WeakMap<object, string>();

/** The connection string of a test database on Postgres (null on PGlite): pg-boss opens its own pool on it. */
export const testDatabaseUrl = (database: Database): string | null => urls.get(database.db) ?? null;

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or — when TEST_DATABASE_URL
 * points at a Postgres server — a fresh database created on it and dropped again by close().
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite(null);
    await migrateDatabase(database);
    return database;
  }
  const name = `cofounder_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), () => undefined);
  await migrateDatabase(database);
  urls.set(database.db, url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
