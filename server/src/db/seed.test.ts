import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateDump } from '../test/db-template.ts';
import { openPglite } from './client.ts';
import type { PgliteThread } from './pglite-thread.ts';
import { openPgliteSeeded, seedIsCurrent, writeSeed } from './seed.ts';

// Issue 27: a new data folder starts from the build's migrated seed instead of initdb and every migration.
describe('a new data folder from the seed', () => {
  let root: string;
  let seed: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cofounder-seed-'));
    seed = join(root, 'seed.tar');
    // A migrated database with a marker only this seed has, so a test can tell a seeded folder from a fresh one.
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(await pgliteTemplateDump())]) });
    await client.exec(`CREATE TABLE seed_marker (id int); INSERT INTO seed_marker VALUES (27); CHECKPOINT`);
    writeSeed(Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()), seed);
    await client.close();
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const marker = async (dir: string, from = seed) => {
    const database = await openPgliteSeeded(dir, from);
    try {
      const { rows } = await (database.raw as { pglite: PgliteThread }).pglite.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'seed_marker'`,
      );
      return rows[0]!.n === 1;
    } finally {
      await database.close();
    }
  };

  it('fills a new folder from the seed', async () => {
    const dir = join(root, 'new');
    expect(await marker(dir)).toBe(true);
    expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    // The marker of a load under way is gone once it is done.
    expect(existsSync(join(dir, 'pglite.seeding'))).toBe(false);
    // Opened again, it is the same database, not seeded twice.
    expect(await marker(dir)).toBe(true);
  }, 120_000);

  it('opens PGlite with 8 MB of shared buffers, not the 128 MB its postgresql.conf asks for', async () => {
    const database = await openPgliteSeeded(join(root, 'settings'), seed);
    try {
      const { rows } = await (database.raw as { pglite: PgliteThread }).pglite.query<{ size: string }>(
        `SELECT current_setting('shared_buffers') AS size`,
      );
      expect(rows[0]!.size).toBe('8MB');
    } finally {
      await database.close();
    }
  }, 120_000);

  it('replaces what a start stopped half-way left, and never touches an existing database', async () => {
    // A folder that looks like a database (PG_VERSION came first) but whose load never finished.
    const dir = join(root, 'interrupted');
    mkdirSync(join(dir, 'pglite'), { recursive: true });
    writeFileSync(join(dir, 'pglite', 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'pglite.seeding'), '');
    expect(await marker(dir)).toBe(true);
    expect(existsSync(join(dir, 'pglite.seeding'))).toBe(false);

    const existing = join(root, 'existing');
    const database = await openPglite(existing, { loadDataDir: new Blob([readFileSync(await pgliteTemplateDump())]) });
    await database.close();
    expect(await marker(existing)).toBe(false);
  }, 120_000);

  it('ignores a seed made from other migrations', async () => {
    const stale = join(root, 'stale.tar');
    writeFileSync(stale, readFileSync(seed));
    writeFileSync(`${stale}.key`, 'made-from-older-migrations');
    expect(seedIsCurrent(stale)).toBe(false);
    expect(seedIsCurrent(seed)).toBe(true);
  });
});
