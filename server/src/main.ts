import { enableCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/lock.ts';
import { COMPILE_CACHE_DIR } from './paths.ts';
import { StartupError } from './startup-error.ts';

// The server's entry (`npm start` runs its build, dist/main.js). It reads the config and takes the data folder's
// lock before anything else loads: a second server on the same folder then refuses at once, not after the seconds
// the whole server (serve.ts: the database, providers, SDKs) takes to load on a busy machine.

/**
 * How much of a WebAssembly function runs before V8 optimizes it (its `--wasm-tiering-budget`, default 13 million):
 * PGlite's Postgres tiered up on the start-up's one-off work alone (migrations, the queue's set-up), and the optimized
 * code stayed, about 60 MB of an idle server's memory (issue 27). Code that stays hot under load still tiers up: the
 * 50-row list's throughput on PGlite was the same with either budget.
 */
const WASM_TIERING_BUDGET = 2_000_000_000;

async function main(): Promise<void> {
  // Process-wide, so PGlite's thread (serve.ts starts it) compiles with it too.
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  const config = loadConfig();
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  // V8's compiled code for the bundle, kept between starts (Node checks each entry against the file's contents):
  // compiling the server's 3 MB of JavaScript was ~0.3 s of every start (issue 27). Beside the build rather than in
  // DATA_DIR, so a new data folder's first start has it too; where the folder is read-only Node just compiles.
  enableCompileCache(COMPILE_CACHE_DIR);
  const loaded = await import('./serve.ts').catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  // From here serve() owns the lock: it releases it with everything else on a failed start or a shutdown.
  await loaded.serve(config, lock);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof StartupError) {
    console.error(err.message);
  } else {
    console.error('Cofounder server failed to start:', err);
  }
  process.exit(1);
});
