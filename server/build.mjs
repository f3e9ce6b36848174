// Bundles the server into dist/main.js (and the chunks it shares with dist/make-seed.js) for `npm start`: the
// workspace's @cofounder/shared (TypeScript source) and the packages the server depends on are compiled in. Loaded
// from node_modules one file at a time, those packages were 720 files and 1.8 s of every start on this machine
// (0.5 s bundled; issue 27). KEEP_EXTERNAL stays in node_modules: PGlite finds its WebAssembly and data files
// beside its own modules, playwright-core its browser scripts (and it loads only when a machine starts), and the
// rest are optional native add-ons that their packages try to load and do without.
// Then dist/make-seed.js makes the migrated PGlite database new data folders start from (src/db/seed.ts), only
// when the migrations changed since the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const KEEP_EXTERNAL = ['@electric-sql/pglite', 'playwright-core', 'pg-native', 'bufferutil', 'utf-8-validate'];

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
  entryPoints: {
    main: 'src/main.ts',
    'make-seed': 'src/db/make-seed.ts',
    'machine-host': 'src/machine-host/main.ts',
    // PGlite's thread (src/db/pglite-thread.ts starts it from beside its own chunk, here in dist/).
    'pglite-thread.worker': 'src/db/pglite-thread.worker.ts',
    constants: '../shared/src/constants.ts',
  },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  absWorkingDir: server,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: KEEP_EXTERNAL,
  // Some dependencies are CommonJS and call require(); an ESM bundle has none unless we make one.
  banner: { js: "import { createRequire as __cofounderCreateRequire } from 'node:module'; const require = __cofounderCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server/dist/main.js built');
execFileSync(process.execPath, ['dist/make-seed.js'], { cwd: server, stdio: 'inherit' });
