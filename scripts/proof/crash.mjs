// Crash safety (issue 13 item 8): writers record a message id only after a 2xx; the server is killed with
// SIGKILL at a random moment within 700 ms of the cycle's first acknowledged write, restarted on the same data, and every acknowledged id
// must still be there. Also: a second process on a PGlite folder that is in use is refused at once.
//
//   node scripts/proof/crash.mjs [--kills 100] [--db pglite|postgres|both] [--writers 4] [--no-build]
//
// Figures: kills, acknowledged writes, lost (threshold 0), failed restarts (threshold 0), median and max
// restart time, and for PGlite the second-process refusal (exit ≠ 0 within 5 s, naming the holder).
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startTestPostgres } from '../postgres.mjs';
import {
  api,
  ensureServerBuilt,
  failed,
  figure,
  freePort,
  median,
  parseArgs,
  printFigures,
  signIn,
  signUpFounder,
  sleep,
  spawnServer,
  startServer,
  tempDir,
  upgradeToScale,
  waitHealthy,
} from './common.mjs';

const RESTART_TIMEOUT_MS = 60_000;
/** The longest a cycle waits for its first acknowledged write before killing anyway. */
const FIRST_ACK_TIMEOUT_MS = 30_000;
const LOCK_REFUSAL_MS = 5_000;
/**
 * A SIGTERM'd server closes everything in well under a second, then its process.exit() waits for V8 to finish the
 * WebAssembly compile in flight, if any: PGlite's hot functions move to the optimizing tier in the background, and
 * one of Postgres's large functions took 10-47 s to compile on a machine whose other processes had more CPU weight.
 * The stop is bounded like a restart.
 */
const STOP_TIMEOUT_MS = RESTART_TIMEOUT_MS;

/** Reads the chat history newest-first until every wanted id is seen (or the history ends); returns the missing. */
async function missingIds(base, user, wanted) {
  const left = new Set(wanted);
  let before = null;
  while (left.size > 0) {
    const q = `limit=200${before ? `&before=${encodeURIComponent(before)}` : ''}`;
    const r = await api(base, 'GET', `/api/conversation/${user.id}?${q}`, { token: user.token });
    if (r.status !== 200) throw new Error(`history: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    for (const m of r.body.messages) left.delete(m.id);
    if (!r.body.hasMore || r.body.messages.length === 0) break;
    before = r.body.messages[0].id;
  }
  return [...left];
}

/** One writer: sends chat messages until stopped; an id counts only once its 2xx has arrived. */
async function writer(base, user, state, acked, w) {
  let n = 0;
  while (!state.stop) {
    state.attempted++;
    try {
      const r = await api(base, 'POST', `/api/conversation/${user.id}`, {
        token: user.token,
        body: { role: 'user', text: `crash proof c${state.cycle} w${w} #${++n}` },
        timeoutMs: 10_000,
      });
      if (r.status >= 200 && r.status < 300) {
        acked.push(r.body.userMessage.id, r.body.internMessage.id);
        state.acks++;
      } else if (r.status === 401) {
        state.needSignIn = true;
        return;
      } else {
        state.httpErrors++;
        await sleep(20);
      }
    } catch {
      // The connection died with the process: this write was never acknowledged, so it may or may not exist.
      return;
    }
  }
}

/** Resolves once a writer of this cycle got its first 2xx (or after FIRST_ACK_TIMEOUT_MS: then the figure says so). */
async function firstAck(state) {
  const deadline = Date.now() + FIRST_ACK_TIMEOUT_MS;
  while (state.acks === 0 && Date.now() < deadline) await sleep(20);
}

async function startWithRetries(env, restartTimes, counters) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const server = await spawnServer(env);
    try {
      restartTimes.push(await waitHealthy(server, RESTART_TIMEOUT_MS));
      return server;
    } catch (err) {
      counters.failedRestarts++;
      console.error(`restart failed (attempt ${attempt + 1}): ${err.message.slice(0, 1500)}`);
      await server.kill9();
    }
  }
  throw new Error('the server did not come back after 3 attempts');
}

/** While a server holds the PGlite folder, a second process on it must exit non-zero at once, naming the holder. */
async function lockRefusal(env) {
  const second = await spawnServer({ ...env, PORT: undefined, MONITOR_PORT: undefined });
  const started = Date.now();
  const timer = setTimeout(() => second.kill9(), 30_000);
  const { code } = await second.exited;
  clearTimeout(timer);
  const ms = Date.now() - started;
  const message = second.output.trim().split('\n').pop() ?? '';
  return { ms, code, message, clear: /Another Cofounder server \(pid \d+/.test(message) };
}

export async function crashProof(db, kills, writers = 4) {
  const label = `crash (${db})`;
  const dataDir = tempDir(`crash-${db}`);
  let pg = null;
  // Same ports on every restart: PUBLIC_URL (with its port) is the token issuer, so tokens outlive restarts.
  const env = { DATA_DIR: dataDir, PORT: await freePort(), MONITOR_PORT: await freePort() };
  if (db === 'postgres') {
    pg = await startTestPostgres();
    if (!pg) return [figure(label, 'PostgreSQL installed', 'no', 'Debian postgresql package', false)];
    env.DATABASE_URL = pg.url;
  }
  const figures = [];
  const counters = { failedRestarts: 0 };
  const restartTimes = [];
  const allAcked = [];
  let lost = 0;
  let attempted = 0;
  let httpErrors = 0;
  const started = Date.now();
  let server = await startServer(env);
  try {
    let user = await signUpFounder(server.url, 'crash');
    await upgradeToScale(server.url, user);

    if (db === 'pglite') {
      const lock = await lockRefusal(env);
      console.log(`second process on the same DATA_DIR: exit ${lock.code} after ${lock.ms} ms: ${lock.message}`);
      figures.push(
        figure(label, 'second process on the folder: exit code', lock.code ?? 'killed', '≠ 0', lock.code !== null && lock.code !== 0),
        figure(label, 'second process refused within', lock.ms, `< ${LOCK_REFUSAL_MS} ms, message names the holder`, lock.ms < LOCK_REFUSAL_MS && lock.clear, 'ms'),
      );
      if ((await api(server.url, 'GET', '/api/health')).status !== 200) throw new Error('the first server stopped answering after the refusal');
    }

    for (let cycle = 1; cycle <= kills; cycle++) {
      const acked = [];
      const state = { stop: false, cycle, attempted: 0, acks: 0, httpErrors: 0, needSignIn: false };
      const running = Array.from({ length: writers }, (_, w) => writer(server.url, user, state, acked, w));
      // Killed while writes go on: a random moment within 700 ms of the cycle's first acknowledged write, so a slow or
      // busy machine (where a write takes longer than that) still kills with writes both acknowledged and in flight.
      await firstAck(state);
      await sleep(Math.random() * 700);
      await server.kill9();
      state.stop = true;
      await Promise.all(running);
      attempted += state.attempted;
      httpErrors += state.httpErrors;
      allAcked.push(...acked);

      server = await startWithRetries(env, restartTimes, counters);
      if (state.needSignIn) user = { ...user, ...(await signIn(server.url, user.email)) };
      const missing = await missingIds(server.url, user, acked);
      lost += missing.length;
      if (missing.length) console.error(`cycle ${cycle}: ${missing.length} acknowledged ids missing: ${missing.slice(0, 5).join(', ')}`);
      if (cycle % 10 === 0 || cycle === kills) {
        console.log(`${label}: ${cycle}/${kills} kills, ${allAcked.length} acknowledged ids, lost ${lost}, median restart ${median(restartTimes)} ms`);
      }
    }
    // A last full read-back: nothing acknowledged in any cycle went missing later either.
    const finalMissing = await missingIds(server.url, user, allAcked);
    const stopStarted = Date.now();
    const stop = await server.stop(STOP_TIMEOUT_MS);
    const stopMs = Date.now() - stopStarted;
    figures.push(
      figure(label, 'kills (SIGKILL during writes)', kills, `${kills}`, null),
      figure(label, 'acknowledged writes (message ids)', allAcked.length, '> 0', allAcked.length > 0),
      figure(label, 'writes in flight at a kill (unacknowledged)', attempted - allAcked.length / 2 - httpErrors, '', null),
      figure(label, 'acknowledged writes lost', lost + finalMissing.length, '0', lost + finalMissing.length === 0),
      figure(label, 'failed restarts', counters.failedRestarts, '0', counters.failedRestarts === 0),
      figure(label, 'non-2xx answers to writes', httpErrors, '0', httpErrors === 0),
      figure(label, 'median restart to healthy', median(restartTimes), `< ${RESTART_TIMEOUT_MS} ms`, true, 'ms'),
      figure(label, 'max restart to healthy', Math.max(...restartTimes), `< ${RESTART_TIMEOUT_MS} ms`, Math.max(...restartTimes) < RESTART_TIMEOUT_MS, 'ms'),
      figure(label, 'clean SIGTERM stop at the end', stop.code === 0 ? `exit 0 in ${stopMs} ms` : `exit ${stop.code ?? stop.signal}`, `exit 0 within ${STOP_TIMEOUT_MS} ms`, stop.code === 0),
      figure(label, 'run time', Math.round((Date.now() - started) / 1000), '', null, 's'),
    );
  } catch (err) {
    console.error(`${label}: ${err.stack ?? err}`);
    figures.push(figure(label, 'completed without error', 'no', 'yes', false));
    await server.kill9();
  } finally {
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs();
  const kills = Number(args.kills ?? 100);
  const dbs = (args.db ?? 'both') === 'both' ? ['pglite', 'postgres'] : [args.db];
  await ensureServerBuilt(args);
  const figures = [];
  for (const db of dbs) figures.push(...(await crashProof(db, kills, Number(args.writers ?? 4))));
  printFigures(figures, 'crash safety');
  process.exit(failed(figures) ? 1 : 0);
}
