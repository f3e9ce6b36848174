// `node dist/make-seed.js` (server/build.mjs runs it after bundling): the migrated database new data folders start
// from (seed.ts), made only when the migrations changed since the last one.
import { relative } from 'node:path';
import { REPO_ROOT } from '../paths.ts';
import { makeSeed, SEED_FILE } from './seed.ts';

const started = Date.now();
const made = await makeSeed();
const where = relative(REPO_ROOT, SEED_FILE);
console.log(made ? `${where} made in ${Date.now() - started} ms (new data folders start from it)` : `${where} is current`);
