// Small helpers shared by the root scripts (start, dev, test): run a command, find stale builds.
import { spawn } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Newest modification time (ms) under the given paths, skipping dependencies and build output. */
export function newestMtime(paths) {
  let newest = 0;
  const skip = new Set(['node_modules', 'dist', '.output', '.wxt', '.data']);
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (!skip.has(name)) walk(join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of paths) walk(join(root, p));
  return newest;
}

/** True when `output` is missing or older than any file under `sources`. */
export function isStale(output, sources) {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newestMtime(sources);
}

/**
 * The server process's environment defaults (`npm start`, the proofs, the start-up bench); the caller's own values
 * win. glibc's malloc gives a freed block of 128 KB or more back to the system only while such blocks are mmap'd,
 * and by default it raises that threshold (up to 32 MB) the first time one is freed: start-up's large short-lived
 * blocks then stayed in the heap, and an idle server held 222-285 MB from one start to the next. Fixed at 128 KB:
 * 214-217 MB over six starts, and the 50-row list as fast (issue 27).
 */
export const SERVER_ENV_DEFAULTS = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** The server's build: what `npm start` and `npm run machine-host` rebuild when a source is newer. */
export const serverBuild = {
  name: 'server',
  output: 'server/dist/main.js',
  sources: ['server/src', 'server/drizzle', 'server/build.mjs', 'shared/src', 'package-lock.json'],
};
