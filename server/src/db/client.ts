import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

/** The drizzle handle every repo takes; a transaction (`tx`) is one too, so repos accept either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** For the start-up banner; never includes a password. */
  describe: string;
  /** The driver's own client: each driver has its own drizzle migrator (migrate.ts). */
  raw: { pglite: PgliteThread } | { pool: pg.Pool };
  close(): Promise<void>;
}

/**
 * Postgres settings for PGlite's one backend, after PGlite's own start parameters. Its postgresql.conf asks for
 * 128 MB of shared buffers, which the WebAssembly heap allocates and zeroes at every start: 16 MB (still far more
 * than a founder's working set; pages beyond it come from the OS cache) took PGlite's start from 1.3 s to 0.8 s and
 * its memory from 280 to 170 MB, and 8 MB an idle server's from 254 to 246 MB, with the 50-row list at 50
 * connections as fast (471 req/s) and a 10,000-row newest page as fast as a 60-row one (issue 27).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

/**
 * PGlite in `dir`/pglite (created recursively: PGlite itself only creates the last folder), or in memory when
 * `dir` is null (tests), on a thread of its own (pglite-thread.ts). It is single-connection: never await a plain
 * `db` query inside a `db.transaction` callback — it would wait for the transaction that waits for it. `options` go
 * to PGlite as they are (a new folder or a test starts from a migrated data-dir dump: seed.ts, test/db-template.ts).
 */
export async function openPglite(dir: string | null, given: PGliteOptions = {}): Promise<Database> {
  const options: PGliteOptions = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS], ...given };
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await startPgliteThread(dir ? join(dir, 'pglite') : null, options);
  return {
    db: drizzleOnPglite(client),
    kind: 'pglite',
    describe: dir ? `PGlite in ${join(dir, 'pglite')}` : 'PGlite in memory',
    raw: { pglite: client },
    close: () => client.close(),
  };
}

const onPglite = new WeakSet<Db>();

/** drizzle on PGlite's thread, which answers the calls drizzle's PGlite driver makes (query and transaction). */
export function drizzleOnPglite(client: PgliteThread, logger?: Logger) {
  const db = drizzlePglite(client as unknown as PGlite, { schema, ...(logger ? { logger } : {}) });
  onPglite.add(db);
  return db;
}

/** Whether `db` is a handle on PGlite (for the few reads shaped differently there, each saying why). */
export const isPglite = (db: Db) => onPglite.has(db);

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

/** A pg pool on DATABASE_URL; connects eagerly so a wrong URL fails at start-up, not on the first request. */
export async function openPostgres(url: string, onIdleError: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection is replaced by the pool; without a listener Node would crash the process.
  pool.on('error', onIdleError);
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    describe: `Postgres at ${redact(url)}`,
    raw: { pool },
    close: () => pool.end(),
  };
}
