// Writes .br and .gz beside every compressible file of a build (web/dist), so the server sends them compressed
// without compressing on each request (koa-static picks `file.br` / `file.gz` when the browser accepts them).
// Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.xml', '.txt', '.webmanifest', '.map']);
// Smaller files gain little and a compressed response adds a header of its own.
const MIN_BYTES = 1024;

// Hidden folders (.vite's manifests, .ssr-islands' server bundle) are never served: nothing to compress there.
function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(2);
}
let count = 0;
for (const path of files(dir)) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const data = readFileSync(path);
  if (data.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${dir} (.br, .gz)`);
