// Start-up, idle memory and idle CPU of the real server on embedded PGlite (issue 27), each against a bare Koa app
// (one route) spawned the same way in the same run:
//  - ms from spawn to the first 200 of GET /api/health, on an empty data folder (first start: migrations run) and
//    again on the folder that start left (a restart);
//  - RSS once the process has idled IDLE_SETTLE_MS after answering;
//  - CPU of the process over IDLE_CPU_MS of idling, from /proc/<pid>/stat (utime + stime), as % of one core.
// The server runs the way `npm start` runs it: `node server/dist/main.js` with its environment defaults
// (SERVER_ENV_DEFAULTS, given to the bare Koa too), built first when stale.
// BENCH_SMOKE=1: short idle windows, rows printed without verdicts. BENCH_SERVER_ENTRY: another build of the server
// to measure instead (e.g. an older commit's bundle, to compare), run as it is.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isStale, root, run, SERVER_ENV_DEFAULTS } from '../scripts/lib.mjs';

const SMOKE = process.env.BENCH_SMOKE === '1';
const IDLE_SETTLE_MS = SMOKE ? 2_000 : 10_000;
const IDLE_CPU_MS = SMOKE ? 3_000 : 20_000;
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 10;
const GOALS = { startMs: 2_000, rssMb: 250, cpuPercent: 1 };
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

// The floor: Koa with one route, resolved from the server workspace like the product's own imports.
const BARE_KOA = `
import { createRequire } from 'node:module';
const Koa = createRequire(${JSON.stringify(join(root, 'server/package.json'))})('koa');
const app = new Koa();
app.use((ctx) => { ctx.body = { ok: true }; });
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function firstOk(url: string, child: ChildProcess): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(READY_POLL_MS);
  }
  throw new Error(`no 200 from ${url} within ${READY_TIMEOUT_MS} ms`);
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** User + system CPU ticks the process has used so far (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // the name in (…) may contain spaces
  return Number(fields[11]) + Number(fields[12]);
}

interface Figures {
  startMs: number;
  rssMb: number;
  cpuPercent: number;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return void children.delete(child);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  child.kill('SIGKILL');
  children.delete(child);
}

/** Spawns `node <args>`, times the first 200 of `path`, then measures RSS and CPU at idle. */
async function measure(args: string[], path: string, env: Record<string, string>, idle = true): Promise<Figures> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), ...SERVER_ENV_DEFAULTS, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  try {
    await firstOk(`http://127.0.0.1:${port}${path}`, child);
    const startMs = performance.now() - started;
    if (!idle) return { startMs, rssMb: NaN, cpuPercent: NaN };
    await sleep(IDLE_SETTLE_MS);
    const rss = rssMb(child.pid!);
    const before = cpuTicks(child.pid!);
    const from = performance.now();
    await sleep(IDLE_CPU_MS);
    const cpuPercent = ((cpuTicks(child.pid!) - before) / CLOCK_TICKS / ((performance.now() - from) / 1000)) * 100;
    return { startMs, rssMb: rss, cpuPercent };
  } finally {
    await stop(child);
  }
}

const SERVER = process.env.BENCH_SERVER_ENTRY ?? join(root, 'server/dist/main.js');
if (!process.env.BENCH_SERVER_ENTRY && isStale('server/dist/main.js', ['server/src', 'server/drizzle', 'server/build.mjs', 'shared/src', 'package-lock.json'])) {
  const code = await run('npm', ['run', 'build', '-w', 'server'], { env: { ...process.env, NODE_ENV: 'production' } });
  if (code !== 0) throw new Error(`server build failed (exit ${code})`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-startup-'));
try {
  const serverEnv = async () => ({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(root, 'web/dist'),
    HOST: '127.0.0.1',
    MONITOR_PORT: String(await freePort()),
  });
  const floor = await measure(['--input-type=module', '--eval', BARE_KOA], '/', {});
  const first = await measure([SERVER], '/api/health', await serverEnv());
  const restart = await measure([SERVER], '/api/health', await serverEnv(), false);

  let failed = false;
  const row = (figure: string, value: number, floorValue: number, unit: string, goal: number, digits = 0) => {
    const verdict = SMOKE ? '' : value <= goal ? ' PASS' : ' FAIL';
    if (!SMOKE && value > goal) failed = true;
    // An idle bare Koa may use no tick at all in the window: no ratio to a zero.
    const ratio = floorValue > 0 ? (value / floorValue).toFixed(2) : '—';
    console.log(
      `${figure}: ${value.toFixed(digits)} ${unit} (floor ${floorValue.toFixed(digits)} ${unit}, ratio ${ratio}) goal ≤ ${goal} ${unit}${verdict}`,
    );
  };
  row('start → first 200, empty data folder (PGlite)', first.startMs, floor.startMs, 'ms', GOALS.startMs);
  row('start → first 200, migrated data folder (PGlite)', restart.startMs, floor.startMs, 'ms', GOALS.startMs);
  row(`idle RSS after ${IDLE_SETTLE_MS / 1000} s (PGlite)`, first.rssMb, floor.rssMb, 'MB', GOALS.rssMb);
  row(`idle CPU over ${IDLE_CPU_MS / 1000} s (PGlite)`, first.cpuPercent, floor.cpuPercent, '% of a core', GOALS.cpuPercent, 2);
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
