// The server test files that never reach a database: they run once, on PGlite, and the PostgreSQL lane of
// `npm test` leaves them out (a voice decoder or a browser behaves the same whichever engine is configured).
// A file reaches a database when it imports one of the test helpers that open or hand one to a server process.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

const DATABASE_HELPERS = /test\/(db|db-template|server|social-server|worker-process|monitor-process)\.ts'|TEST_DATABASE_URL/;

/** Globs (relative to server/) for vitest's --exclude. */
export function engineFreeServerTests() {
  const src = join(root, 'server', 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !DATABASE_HELPERS.test(readFileSync(join(src, file), 'utf8')))
    .map((file) => relative(join(root, 'server'), join(src, file)));
}
