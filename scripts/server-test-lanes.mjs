// Which server test files each database lane of `npm test` runs. A file that never reaches a database runs once, on
// PGlite, and the PostgreSQL lane leaves it out (a voice decoder or a browser behaves the same whichever engine is
// configured). A file reaches a database when it imports one of the test helpers that open or hand one to a server
// process.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

const DATABASE_HELPERS = /test\/(db|db-template|server|social-server|worker-process|monitor-process)\.ts'|TEST_DATABASE_URL/;

/** The server test files (relative to server/, as vitest's --exclude takes them) whose source passes `keep`. */
function serverTests(keep) {
  const src = join(root, 'server', 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => keep(readFileSync(join(src, file), 'utf8')))
    .map((file) => relative(join(root, 'server'), join(src, file)));
}

/** Files that never reach a database: the PostgreSQL lane leaves them out. */
export const engineFreeServerTests = () => serverTests((source) => !DATABASE_HELPERS.test(source));

/**
 * Files marked `@postgres-only`: they test what exists only on a shared PostgreSQL (machine hosts and hosted
 * machines need DATABASE_URL). When npm test has PostgreSQL they run in its lane only; without it, on PGlite. (A
 * marked file that reaches no database stays on PGlite: the PostgreSQL lane would leave it out too.)
 */
export const postgresOnlyServerTests = () =>
  serverTests((source) => source.includes('@postgres-only') && DATABASE_HELPERS.test(source));
