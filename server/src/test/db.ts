import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import {
  PG_TEMPLATE_ENV,
  PGLITE_DUMP_ENV,
  databaseUrl,
  pgliteTemplateDump,
  withAdmin,
} from './db-template.ts';

const urls = new WeakMap<object, string>();

type PgliteArtifacts = Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
let artifacts: Promise<PgliteArtifacts> | undefined;

/**
 * PGlite's WebAssembly compiled, and its file bundle read, once per test process and handed to every copy. Each copy
 * runs on a thread of its own, which would otherwise compile the 9 MB module again: half of an open's CPU (1.1 s of
 * CPU per open before, 0.6 s after, measured over 20 opens).
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, data] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(join(dist, file))),
    );
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite!), WebAssembly.compile(initdb!)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([data!]) };
  })();
  return artifacts;
}

/** The connection string of a test database on Postgres (null on PGlite): pg-boss opens its own pool on it. */
export const testDatabaseUrl = (database: Database): string | null => urls.get(database.db) ?? null;

/**
 * A migrated, empty database of its own for one test file (or one call): an in-memory PGlite loaded from the
 * migrated dump (db-template.ts) by default, or — when TEST_DATABASE_URL points at a Postgres server — a fresh
 * database created on it (a copy of the run's template database, else migrated here) and dropped by close().
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dump = process.env[PGLITE_DUMP_ENV] || (await pgliteTemplateDump());
    return openPglite(null, { ...(await pgliteArtifacts()), loadDataDir: new Blob([await readFile(dump)]) });
  }
  const name = `cofounder_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[PG_TEMPLATE_ENV];
  await withAdmin(adminUrl, (admin) =>
    admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const url = databaseUrl(adminUrl, name);
  const database = await openPostgres(url, () => undefined);
  if (!template) await migrateDatabase(database);
  urls.set(database.db, url);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
