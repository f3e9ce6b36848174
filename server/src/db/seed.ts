import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from 'tar';
import { MIGRATIONS_DIR, REPO_ROOT, SERVER_ROOT } from '../paths.ts';
import { openPglite, type Database } from './client.ts';
import type { PgliteThread } from './pglite-thread.ts';
import { migrateDatabase } from './migrate.ts';

/*
 * Issue 27: a new data folder starts from a migrated PGlite database made once at build time (server/build.mjs), not
 * from initdb plus every migration (about 15 s of WASM on a 2-core machine). The tests' template (test/db-template.ts)
 * is made the same way, with their own trimmings.
 */

/** The build's seed: a tarball of a migrated PGlite data folder, and the key of what it was made from. */
export const SEED_FILE = join(SERVER_ROOT, 'dist', 'pglite-seed.tar');
const keyFile = (seed: string) => `${seed}.key`;

/** Migrations, PGlite and drizzle versions and `recipe`: a database made from the same ones is the same database. */
export function migrationsKey(recipe: string): string {
  const hash = createHash('sha256').update(recipe);
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    const manifest = join(REPO_ROOT, 'node_modules', pkg, 'package.json');
    hash.update(`\0${pkg}@${existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '?'}`);
  }
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const path = join(MIGRATIONS_DIR, file);
    if (!statSync(path).isFile()) continue;
    hash.update(`\0${file}\0`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The key a seed made from these migrations has. */
export const seedKey = () => migrationsKey('pglite-seed-3');

/** Whether `seed` is there and made from these migrations (a stale one is never loaded). */
export function seedIsCurrent(seed: string = SEED_FILE): boolean {
  return existsSync(seed) && existsSync(keyFile(seed)) && readFileSync(keyFile(seed), 'utf8') === seedKey();
}

/** Writes `dump` as the seed `file`, with its key (the tarball first, by rename, so a reader never sees half). */
export function writeSeed(dump: Buffer, seed: string = SEED_FILE): void {
  const tmp = `${seed}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, dump);
  renameSync(tmp, seed);
  writeFileSync(keyFile(seed), seedKey());
}

/** Makes the build's seed unless a current one exists; true when it made one. */
export async function makeSeed(): Promise<boolean> {
  if (seedIsCurrent()) return false;
  // WAL segments of 1 MB instead of 16 MB (as the tests' template): the seed is 15 MB instead of 42, so a new folder
  // copies less; the server tests run on such databases.
  const database = await openPglite(null, { initDbStartParams: ['--wal-segsize=1'] });
  try {
    await migrateDatabase(database);
    const client = (database.raw as { pglite: PgliteThread }).pglite;
    // No template0/template1 (as the tests' template): half the seed's files, and nothing creates databases on
    // PGlite. Then a checkpoint, so a new folder starts without replaying the migrations' WAL.
    for (const name of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${name}`);
    }
    await client.exec('CHECKPOINT');
    writeSeed(Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return true;
}

/**
 * PGlite in `dir` (as openPglite), a new folder first filled from the build's seed when there is a current one: the
 * tarball is unpacked on disk and PGlite opens it as it opens any existing database (loading it through PGlite
 * itself kept ~280 MB more memory for the life of the process). A marker file beside the folder exists while it
 * is unpacked, so a start stopped half-way is told from a database and the next start unpacks it again.
 */
export async function openPgliteSeeded(dir: string, seed: string = SEED_FILE): Promise<Database> {
  const target = join(dir, 'pglite');
  const unpacking = join(dir, 'pglite.seeding');
  if (existsSync(unpacking)) {
    rmSync(target, { recursive: true, force: true });
    rmSync(unpacking, { force: true });
  }
  if (!existsSync(join(target, 'PG_VERSION')) && seedIsCurrent(seed)) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    writeFileSync(unpacking, '');
    // PGlite's dump names its entries from the data folder's root ("/base/…"): unpacked inside the folder, where the
    // leading "/" is dropped (the one expected notice); anything else wrong with the tarball stops the start.
    const problems: string[] = [];
    await extract({
      file: seed,
      cwd: target,
      onwarn: (code, message) => void (code === 'TAR_ENTRY_INFO' || problems.push(`${code}: ${message}`)),
    });
    if (problems.length > 0) throw new Error(`The database seed ${seed} did not unpack: ${problems.join('; ')}`);
    rmSync(unpacking);
  }
  return openPglite(dir);
}
