// `npm run bench`: runs every bench/*.bench.ts with tsx, one after another (they are not part of npm test).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

let failed = 0;
for (const file of readdirSync(join(root, 'bench')).filter((f) => f.endsWith('.bench.ts')).sort()) {
  console.log(`\n# ${file}`);
  if ((await run('npx', ['tsx', join('bench', file)])) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
