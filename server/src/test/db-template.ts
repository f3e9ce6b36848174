import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { PgliteThread } from '../db/pglite-thread.ts';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { migrationsKey } from '../db/seed.ts';
import { REPO_ROOT } from '../paths.ts';

// Issue 21: a test file's database is a copy of one migrated once, not a fresh initdb + migrations each time
// (a fresh in-memory PGlite costs 10-15 s, mostly initdb in WASM). vitest's globalSetup (global-setup.ts) makes
// the template before any file runs; openTestDatabase (db.ts) copies it.

/** Set by global-setup.ts for the workers: the PGlite dump to load, or the Postgres database to copy. */
export const PGLITE_DUMP_ENV = 'COFOUNDER_TEST_PGLITE_DUMP';
export const PG_TEMPLATE_ENV = 'COFOUNDER_TEST_PG_TEMPLATE';

// Bump when the recipe below changes, so cached dumps made the old way are not used.
const RECIPE = 'pglite-template-3';
const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'cofounder-test');
const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * A tarball of a migrated PGlite data dir (`new PGlite({ loadDataDir })` restores it), made through the product's
 * openPglite and migrateDatabase and cached in node_modules/.cache/cofounder-test under a hash of the migrations,
 * so only a run after a migration change pays for it. Safe when several runs make it at once (atomic rename).
 */
export async function pgliteTemplateDump(): Promise<string> {
  const file = join(CACHE_DIR, `pglite-${migrationsKey(RECIPE)}.tar`);
  if (existsSync(file)) {
    // Marks it in use for the pruning below (at most daily: other runs may be reading it).
    if (Date.now() - statSync(file).mtimeMs > 24 * 3600 * 1000) utimesSync(file, new Date(), new Date());
    return file;
  }
  // WAL segments of 1 MB instead of 16 MB: the dump is ~12 MB smaller, so every load copies less.
  const database = await openPglite(null, { initDbStartParams: ['--wal-segsize=1'] });
  try {
    await migrateDatabase(database);
    const client = (database.raw as { pglite: PgliteThread }).pglite;
    // Every load pays for the dump's size and set-up, so it holds what a test uses and no more: no
    // template0/template1 (half the dump: nothing creates databases on PGlite), and a checkpoint so a copy starts
    // without replaying the migrations' WAL. (openPglite's own settings keep the shared buffers small.)
    for (const name of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${name}`);
    }
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  } finally {
    await database.close();
  }
  for (const name of readdirSync(CACHE_DIR)) {
    const path = join(CACHE_DIR, name);
    if (path !== file && name.startsWith('pglite-') && Date.now() - statSync(path).mtimeMs > STALE_MS) {
      rmSync(path, { force: true });
    }
  }
  return file;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `fn` on a connection of its own to `adminUrl`, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated template database for this run on the Postgres server of `adminUrl` (through openPostgres and
 * migrateDatabase, then closed: CREATE DATABASE … TEMPLATE needs it to have no connections). drop() removes it.
 */
export async function createPostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `cofounder_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const database = await openPostgres(databaseUrl(adminUrl, name), () => undefined);
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  await withAdmin(adminUrl, (admin) => admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`));
  return {
    name,
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
