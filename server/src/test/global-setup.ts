import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPostgresTemplate,
  PG_TEMPLATE_ENV,
  PGLITE_DUMP_ENV,
  pgliteTemplateDump,
} from './db-template.ts';

// vitest globalSetup of the server project (root vitest.config.ts): runs once per run, before any test file, in
// vitest's own process; the workers it forks afterwards inherit these variables. Test files then only copy the
// template (test/db.ts) instead of each running initdb and the migrations.
export async function setup(): Promise<() => Promise<void>> {
  const removeTempDir = ownTempDir();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    process.env[PGLITE_DUMP_ENV] = await pgliteTemplateDump();
    return async () => removeTempDir();
  }
  const template = await createPostgresTemplate(adminUrl);
  process.env[PG_TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await template.drop();
    removeTempDir();
  };
}

// `npm test` runs the PGlite and Postgres suites side by side; each gets its own temp folder (os.tmpdir() reads
// TMPDIR), so a test that checks the product left no temp files behind never sees the other run's uploads.
function ownTempDir(): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'cofounder-server-tests-'));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
