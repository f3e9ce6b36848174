// Bundles the server into dist/main.js for `npm start`: the workspace's @cofounder/shared (TypeScript
// source) is compiled in; every package the server depends on stays external and loads from node_modules.
// Then dist/make-seed.js makes the migrated PGlite database new data folders start from (src/db/seed.ts), only
// when the migrations changed since the last build.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@cofounder/shared');

const server = new URL('.', import.meta.url).pathname;
const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
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

await bundle('src/main.ts', 'dist/main.js');
console.log('server/dist/main.js built');
await bundle('src/db/make-seed.ts', 'dist/make-seed.js');
execFileSync(process.execPath, ['dist/make-seed.js'], { cwd: server, stdio: 'inherit' });
