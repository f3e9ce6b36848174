// Bundles the server into dist/main.js (and the chunks it shares with dist/make-seed.js) for `npm start`: the
// workspace's @cofounder/shared (TypeScript source) is compiled in; every package the server depends on stays
// external and loads from node_modules.
// Then dist/make-seed.js makes the migrated PGlite database new data folders start from (src/db/seed.ts), only
// when the migrations changed since the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@cofounder/shared');

const server = new URL('.', import.meta.url).pathname;
// Both entries in one build with code splitting: what they share lands in a common chunk beside them, and a dynamic
// import (the API client's lazily loaded route contract, shared/src/api/call.ts) stays a real import() instead of
// esbuild's one-file emulation, which reorders module initialisation around cycles. Chunks sit in dist/ itself, so
// code that finds files from its own URL (src/paths.ts) is at the same depth wherever it lands.
// dist/constants.js is shared/src/constants.ts on its own, for the proof scripts (scripts/proof/*.mjs): plain Node
// cannot import the TypeScript, and a figure's threshold must be the number the server was built with.
const dist = join(server, 'dist');
if (existsSync(dist)) for (const name of readdirSync(dist)) if (name.startsWith('chunk-')) rmSync(join(dist, name));
await build({
  entryPoints: { main: 'src/main.ts', 'make-seed': 'src/db/make-seed.ts', 'machine-host': 'src/machine-host/main.ts', constants: '../shared/src/constants.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  absWorkingDir: server,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Some dependencies are CommonJS and call require(); an ESM bundle has none unless we make one.
  banner: { js: "import { createRequire as __cofounderCreateRequire } from 'node:module'; const require = __cofounderCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server/dist/main.js built');
execFileSync(process.execPath, ['dist/make-seed.js'], { cwd: server, stdio: 'inherit' });
