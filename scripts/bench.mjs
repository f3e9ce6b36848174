// `npm run bench`: runs every *.bench.ts under bench/ (bench/vm/… too) with tsx, one after another, then prints a
// summary of every row they printed (the format of bench/report.ts) and exits 1 if any bench failed (a missed goal
// or a crash). The benches that measure on Postgres share one throwaway server started here (BENCH_DATABASE_URL,
// unless given), each in databases of its own: one initdb instead of one per bench.
// `npm run bench -- --smoke` (or BENCH_SMOKE=1) is the short run: one short iteration of everything, no goals judged,
// so a failure is a crash; each bench then gets SMOKE_TIMEOUT_MS. `--report <file>` also writes the results as JSON.
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';
import { requireNode } from './node-version.mjs';
import { startTestPostgres } from './postgres.mjs';

requireNode();

const { values: args } = parseArgs({ options: { smoke: { type: 'boolean' }, report: { type: 'string' } } });
const smoke = args.smoke || process.env.BENCH_SMOKE === '1';
/** A smoke run of one bench takes seconds; a hung one must not hold npm test. */
const SMOKE_TIMEOUT_MS = 120_000;
/** A row of bench/report.ts; the verdict is optional, for a bench that prints none in its smoke mode. */
const ROW = /^(.+?): (.+?) \(floor (.+?), ratio (\S+)\) goal (.+?)(?: (PASS|FAIL|INFO|SMOKE))?$/;

/** The running bench's process group: it does not get the terminal's Ctrl-C, so it is passed on. */
let running = null;
const pg = process.env.BENCH_DATABASE_URL ? null : await startTestPostgres();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (running) stop(running, signal);
    pg?.stop();
    process.exit(130);
  });
}
function stop(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Runs one bench, its output passed through; resolves with its exit code and the rows it printed. */
function runBench(file) {
  return new Promise((resolve) => {
    // tsx as a loader in one node rather than `npx tsx`: no npm and no second node per bench.
    const child = spawn(process.execPath, ['--import', 'tsx', join('bench', file)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...(pg ? { BENCH_DATABASE_URL: pg.url } : {}), ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
      detached: true, // its own process group, so a timeout ends tsx, node and any browser it started
    });
    running = child;
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    let timedOut = false;
    const timer = smoke
      ? setTimeout(() => {
          timedOut = true;
          console.log(`\n${file}: no end after ${SMOKE_TIMEOUT_MS / 1000} s, stopped`);
          stop(child, 'SIGKILL');
        }, SMOKE_TIMEOUT_MS)
      : null;
    const done = (code) => {
      clearTimeout(timer);
      running = null;
      const rows = out.split('\n').flatMap((line) => {
        const m = ROW.exec(line.trim());
        return m ? [{ figure: m[1], value: m[2], floor: m[3], ratio: m[4], goal: m[5], verdict: m[6] ?? '' }] : [];
      });
      resolve({ code: timedOut ? 1 : code, rows });
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', () => done(127));
  });
}

const files = readdirSync(join(root, 'bench'), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const results = [];
try {
  for (const file of files) {
    console.log(`\n# ${file}${smoke ? ' (smoke)' : ''}`);
    const began = performance.now();
    const { code, rows } = await runBench(file);
    results.push({ file, code, seconds: (performance.now() - began) / 1000, rows });
  }
} finally {
  pg?.stop();
}

const failed = results.filter((r) => r.code !== 0);
console.log(`\nSummary${smoke ? ' (smoke: goals not judged)' : ''}:`);
const header = ['figure', 'value', 'floor', 'ratio', 'goal', ''];
const cellsOf = (row) => [`  ${row.figure}`, row.value, row.floor, row.ratio, row.goal, row.verdict];
const all = [header, ...results.flatMap((r) => r.rows.map(cellsOf))];
const widths = header.map((_, i) => Math.max(...all.map((cells) => cells[i].length)));
const line = (cells) => console.log(cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
line(header);
for (const r of results) {
  console.log(`${r.file}  ${r.seconds.toFixed(0)} s  ${r.code === 0 ? 'ok' : `exit ${r.code}`}`);
  r.rows.forEach((row) => line(cellsOf(row)));
}
console.log(`${results.length - failed.length} benches passed, ${failed.length} failed${failed.length ? `: ${failed.map((r) => r.file).join(', ')}` : ''}`);
if (args.report) writeFileSync(args.report, JSON.stringify({ smoke, results }, null, 2));
process.exit(failed.length ? 1 : 0);
