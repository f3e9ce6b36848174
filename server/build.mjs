// Bundles the server into dist/main.js for `npm start`: the workspace's @cofounder/shared (TypeScript
// source) is compiled in; every package the server depends on stays external and loads from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@cofounder/shared');

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  absWorkingDir: new URL('.', import.meta.url).pathname,
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
