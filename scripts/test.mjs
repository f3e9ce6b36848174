// `npm test`: every suite — typecheck, lint, vitest (shared, server on PGlite, web, extension), the server suite
// again on PostgreSQL, the build with its JS budgets and the Firefox add-on lint, the short crash / scale-out / load
// proofs, then the Playwright end-to-end run against the built app and Lighthouse on the public pages. It ends with
// one plain line "N passed, N failed" summed over all of them (CI reads it). The benches are not part of it (`npm run
// bench`; `npm run bench -- --smoke` runs each once); the typecheck covers their code.
//
// Speed: three lanes run side by side — the build, its budgets, the scale-out proof, then the unit tests of shared,
// web and the extension and the server files that reach no database; the server files that reach one, on PGlite;
// the same again on PostgreSQL, then the PostgreSQL crash proof. Then the load proof, then the end-to-end run (most
// of both cores by itself) beside the PGlite crash proof (mostly waiting, with bounds far above what it measures),
// and all along, niced, the Firefox add-on lint, the typecheck and the lint, which fill the CPU those leave.
// Lighthouse, which judges page timings, runs last and alone. A lane's output is kept in a file and printed as a
// block when it ends.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';
import { engineFreeServerTests, postgresOnlyServerTests } from './server-test-lanes.mjs';
import { freePort, NICE, postgresInstalled, startTestPostgres } from './postgres.mjs';
import { requireNode } from './node-version.mjs';
import { reExecWithoutPriorityRaise } from './no-priority-raise.mjs';

requireNode();
reExecWithoutPriorityRaise();

/** Every port a Playwright run listens on (tests/playwright.config.ts): each run gets free ones, unless named here. */
const PLAYWRIGHT_PORTS = ['E2E_PORT', 'E2E_MONITOR_PORT', 'E2E_LOCAL_VOICE_PORT', 'E2E_LOCAL_VOICE_MONITOR_PORT', 'E2E_FAKE_X_PORT', 'E2E_FAKE_REDDIT_PORT', 'E2E_FAKE_VOICE_PORT', 'E2E_FIXTURE_PORT'];

const out = mkdtempSync(join(tmpdir(), 'cofounder-test-'));
const results = [];
/** Tests that failed first and passed on a retry: counted as passed, but named at the end so they get fixed. */
const flaky = [];
/** Test files a dying vitest worker left unfinished, and why when Node could say. */
const interrupted = [];
const started = performance.now();

/** Every test of a Playwright JSON report whose outcome was "flaky", as "file › title". */
function flakyTests(suites, file = '') {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((t) => t.status === 'flaky').map(() => `${spec.file ?? file} › ${spec.title}`),
    ),
    ...flakyTests(suite.suites ?? [], suite.file ?? file),
  ]);
}

/**
 * One lane: its stages run in order, their output goes to the lane's log (or straight to the terminal for the lane
 * printed as it goes), and each stage's counts and seconds go into the summary. `niced`: the lane yields the CPU to
 * the stages that judge latency (the load proof, e2e's timing-bound specs, the PGlite crash proof). Not SCHED_IDLE:
 * that starved such lanes outright whenever the measured stages kept both cores busy, and timing-bound tests failed.
 */
function lane(name, { inherit = false, niced = false } = {}) {
  const log = join(out, `${name.replace(/\W+/g, '-')}.log`);
  const fd = inherit ? null : openSync(log, 'w');
  let stageStarted = performance.now();

  function exec(cmd, args, opts = {}) {
    return new Promise((resolve) => {
      const [command, ...rest] = niced && NICE.length ? [...NICE, cmd, ...args] : [cmd, ...args];
      const child = spawn(command, rest, { cwd: root, stdio: fd === null ? 'inherit' : ['ignore', fd, fd], ...opts });
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      child.on('error', () => resolve(127));
    });
  }

  function record(stage, passed, failed) {
    const seconds = (performance.now() - stageStarted) / 1000;
    results.push({ name: stage, passed, failed, seconds, lane: name });
    const line = `\n== ${stage}: ${passed} passed, ${failed} failed (${seconds.toFixed(0)} s)\n`;
    if (fd === null) console.log(line);
    else writeSync(fd, `${line}\n`);
    stageStarted = performance.now();
  }

  return {
    exec,
    record,
    /** A check with no test count (typecheck, lint, build) counts as one test. */
    async check(stage, cmd, args, env) {
      const code = await exec(cmd, args, { env: { ...process.env, ...env } });
      record(stage, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
      return code === 0;
    },
    /**
     * Runs vitest with its JSON reporter and records the test counts (a crash before any test counts as 1 failed).
     * A worker that dies mid-file leaves that file's tests pending: the file is named at the end, with Node's report
     * when V8 died of a fatal error.
     */
    async vitest(stage, args, env) {
      const file = join(out, `${stage.replace(/\W+/g, '-')}.json`);
      const reports = mkdtempSync(join(out, 'node-report-'));
      const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --report-on-fatalerror --report-compact --report-directory=${reports}`;
      const code = await exec(
        'npx',
        ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
        { env: { ...process.env, ...env, NODE_OPTIONS: nodeOptions.trim() } },
      );
      for (const report of readdirSync(reports)) {
        const { header, javascriptStack } = JSON.parse(readFileSync(join(reports, report), 'utf8'));
        interrupted.push(`${stage}: Node died (${header.event}; ${javascriptStack?.message ?? 'no JavaScript stack'})`);
      }
      if (!existsSync(file)) return record(stage, 0, 1);
      const r = JSON.parse(readFileSync(file, 'utf8'));
      for (const t of r.testResults.filter((t) => t.assertionResults.some((a) => a.status === 'pending')))
        interrupted.push(`${stage}: ${relative(root, t.name)} was running when its vitest worker stopped`);
      const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
      record(stage, r.numPassedTests, failed);
    },
    /** Prints the lane's log as one block. */
    done() {
      if (fd === null) return;
      closeSync(fd);
      console.log(`\n########## ${name}\n${readFileSync(log, 'utf8')}`);
    },
  };
}

async function runLane(name, body, options = { niced: true }) {
  const l = lane(name, options);
  try {
    return await body(l);
  } finally {
    l.done();
  }
}

/** Resolves once the build has run (true when it passed), for the lanes that run the built app. */
let buildDone;
const builtReady = new Promise((resolve) => (buildDone = resolve));

const checksAndBuild = runLane('checks and build', async (l) => {
  // The build first: the proofs on the built server wait for it.
  const built = await buildAndItsChecks(l);
  // The unit tests of shared, web and the extension, then the server files that reach no database (the start script,
  // local machines, the recognisers), close this lane rather than the PGlite one: the server files that reach a
  // database fill that lane by themselves, so the three lanes end together instead of one core idling for minutes.
  await l.vitest('unit (shared, web, extension)', ['--project', 'shared', '--project', 'web', '--project', 'extension']);
  await l.vitest('server (no database)', ['--project', 'server', ...engineFreeServerTests()]);
  return built;
});

/** The build, the budgets and checks that read its output, and the short proofs that run the built app beside the lanes. */
async function buildAndItsChecks(l) {
  const ok = await l.check('build', 'npm', ['run', 'build']);
  buildDone(ok);
  if (!ok) {
    for (const stage of ['landing JS budget', 'popup JS budget', 'proof (short): scale-out']) {
      l.record(stage, 0, 1);
    }
    return false;
  }
  // Issues 9 and 27: what "/" (the prerendered landing.html) loads stays under 60 KB of gzip JS; issues 7 and 13:
  // each popup state under 120 KB. The dashboard chat route's 200 KB is measured in Chromium (specs/budgets.spec.ts).
  await l.check('landing JS budget', 'node', ['scripts/landing-budget.mjs']);
  await l.check('popup JS budget', 'node', ['scripts/popup-budget.mjs']);
  // Issue 13 §9, shortened (npm run test:proof runs it in full): two processes behind a round-robin proxy. Its
  // thresholds are outcomes (each task run once, tokens and feeds agree), not latencies, so it shares the machine
  // with the vitest lanes instead of waiting for them. (The PGlite crash proof waits for the vitest lanes and runs
  // beside e2e: the refusal of a second process once took 6 s of its 5 s bound on a machine this loaded.)
  await l.check('proof (short): scale-out', 'node', ['scripts/proof/run.mjs', '--short', '--no-build', '--only', 'scale-out']);
  return true;
}

// Machine hosts exist only on a shared PostgreSQL: when that lane runs, it alone tests them.
const postgresLane = Boolean(process.env.TEST_DATABASE_URL) || postgresInstalled();
const vitestPglite = runLane('server (PGlite)', (l) => {
  const elsewhere = [...engineFreeServerTests(), ...(postgresLane ? postgresOnlyServerTests() : [])];
  const exclude = elsewhere.flatMap((file) => ['--exclude', file]);
  return l.vitest('server (PGlite)', ['--project', 'server', ...exclude], { FUZZ_RUNS: '100' });
});

const crashOnPostgres = 'proof (short): crash (postgres)';
const vitestPostgres = runLane('server (PostgreSQL)', async (l) => {
  const pg = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, stop() {} } : await startTestPostgres({ niced: true });
  if (!pg) {
    console.log('PostgreSQL is not installed: the server suite ran on PGlite only (apt-get install postgresql).');
    if (process.env.CI) for (const stage of ['server (PostgreSQL)', crashOnPostgres]) l.record(stage, 0, 1);
    return;
  }
  try {
    // Only the files that reach a database run again here. The fuzz sends 100 bodies per route on each engine: a NUL
    // in text, PostgreSQL's own refusal, comes up in nearly every run of 100, and 1,000 took 171 s of this lane. Its
    // full 1,000 run in `npm run test:proof` (on PostgreSQL with TEST_DATABASE_URL set).
    const exclude = engineFreeServerTests().flatMap((file) => ['--exclude', file]);
    await l.vitest('server (PostgreSQL)', ['--project', 'server', ...exclude], { TEST_DATABASE_URL: pg.url, FUZZ_RUNS: '100' });
  } finally {
    pg.stop();
  }
  // Issue 13 §8, shortened: 10 kill -9s on PostgreSQL (its own server). Its thresholds are outcomes (no acknowledged
  // write lost, every restart healthy within a minute), not latencies, so it closes this lane instead of running alone.
  if (await builtReady) await l.check(crashOnPostgres, 'node', ['scripts/proof/run.mjs', '--short', '--no-build', '--only', 'crash-postgres']);
  else l.record(crashOnPostgres, 0, 1);
});

const [built] = await Promise.all([checksAndBuild, vitestPglite, vitestPostgres]);

/** One Playwright project against the built app; a test that passed only on its retry is named at the end. */
async function playwright(l, stage, args) {
  const file = join(out, `${stage.replace(/\W+/g, '-')}.json`);
  const ports = {};
  for (const name of PLAYWRIGHT_PORTS) ports[name] = process.env[name] ?? String(await freePort());
  const code = await l.exec('npx', ['playwright', 'test', ...args, '--reporter=list,json'], {
    cwd: join(root, 'tests'),
    env: { ...process.env, ...ports, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  if (!existsSync(file)) return l.record(stage, 0, 1);
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  flaky.push(...flakyTests(suites ?? []));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  l.record(stage, stats.expected + stats.flaky, failed);
}

// Issue 13 §10, shortened: 50 founders for 15 s, a short ramp and a 15 s soak, with latency thresholds. First in this
// phase, printed as it goes: about half the machine idles while it runs, and the niced checks below fill it.
// Never beside the vitest lanes: its ramp keeps both cores busy at normal priority, which starves their timing-bound
// tests (a clean-clone run had two fail when it ran beside them: a heartbeat and a click's navigation window).
const loadProof = 'proof (short): load';
const main = lane('load proof, then e2e', { inherit: true });
const loadDone = built
  ? main.check(loadProof, 'node', ['scripts/proof/run.mjs', '--short', '--no-build', '--only', 'load'])
  : Promise.resolve(main.record(loadProof, 0, 1));

// Then the end-to-end run beside the short PGlite crash proof (issue 13 §8: 10 kill -9s, and a second process on the
// folder refused within 5 s). That proof spends most of its time waiting on restarts, and its bounds are outcomes or
// far above what a busy machine makes of them (refusal 81-214 ms of 5 s, restarts 2.4 s of 60 s beside e2e).
const endToEnd = loadDone.then(() =>
  built ? playwright(main, 'e2e (Chromium)', ['--project=e2e']) : main.record('e2e (Chromium)', 0, 1),
);
const crashOnPglite = loadDone.then(() =>
  runLane(
    'crash proof (PGlite)',
    async (l) => {
      const stage = 'proof (short): crash (PGlite)';
      if (!built) return l.record(stage, 0, 1);
      await l.check(stage, 'node', ['scripts/proof/run.mjs', '--short', '--no-build', '--only', 'crash-pglite']);
    },
    { niced: false },
  ),
);

// The Firefox add-on lint, the typecheck and the lint judge no timing: niced, they take the CPU the load proof and
// the browser tests leave instead of lengthening the first lanes. The Firefox build (sidebar instead of side panel)
// must pass Mozilla's add-ons linter; it writes only .output/firefox-mv2 (e2e loads chrome-mv3) and regenerates
// extension/.wxt, so it goes before the typecheck.
const staticChecks = runLane('Firefox lint, typecheck and lint', async (l) => {
  if (built) await l.check('extension (Firefox lint)', 'npm', ['run', 'lint:firefox', '-w', 'extension']);
  else l.record('extension (Firefox lint)', 0, 1);
  await l.check('typecheck', 'npm', ['run', 'typecheck']);
  await l.check('lint', 'npm', ['run', 'lint']);
});
await Promise.all([endToEnd, crashOnPglite, staticChecks]);

// Lighthouse last, alone on the machine: its performance score is computed from the page's measured main-thread
// timings, and any lane beside it, even niced, stretched them (on two vCPUs that share a core, a niced neighbour
// still slows the audited page: benchmark indexes of 687-2208 within one page's runs, / scoring 85 instead of 98).
// Against a freshly started product of its own: run in the same Playwright run as the specs, it met the machines
// and queue work they left behind.
await runLane(
  'Lighthouse',
  async (l) => {
    if (built) await playwright(l, 'Lighthouse', ['--project=quality', '--no-deps']);
    else l.record('Lighthouse', 0, 1);
  },
  { niced: false },
);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary (stage: tests, seconds; lanes ran side by side, so stage times overlap):');
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(width)}  ${`${r.passed} passed, ${r.failed} failed`.padEnd(24)} ${r.seconds.toFixed(0).padStart(5)} s  [${r.lane}]`,
  );
}
console.log(`  ${'wall clock'.padEnd(width)}  ${''.padEnd(24)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
for (const line of interrupted) console.log(`interrupted: ${line}`);
for (const name of flaky) console.log(`flaky (passed on retry): ${name}`);
console.log(`Flaky tests: ${flaky.length}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
