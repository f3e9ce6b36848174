// `npm run bench`: runs every *.bench.ts under bench/ (bench/vm/… too) with tsx, one after another (they are
// not part of npm test).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';
import { requireNode } from './node-version.mjs';

requireNode();

let failed = 0;
const files = readdirSync(join(root, 'bench'), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
for (const file of files) {
  console.log(`\n# ${file}`);
  if ((await run('npx', ['tsx', join('bench', file)])) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
