import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import { drizzleOnPglite, type Database } from './client.ts';

// Any fixed number: several server processes starting together on one Postgres take turns migrating.
const MIGRATION_LOCK_KEY = 4_242_001;

/** Applies the drizzle-kit migrations in server/drizzle (found from source and from dist alike). */
export async function migrateDatabase(database: Database, migrationsFolder: string = MIGRATIONS_DIR): Promise<void> {
  if (!existsSync(join(migrationsFolder, 'meta', '_journal.json'))) {
    throw new Error(`Database migrations not found in ${migrationsFolder}`);
  }
  if ('pglite' in database.raw) {
    await migratePglite(drizzleOnPglite(database.raw.pglite), { migrationsFolder });
    return;
  }
  const client = await database.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
