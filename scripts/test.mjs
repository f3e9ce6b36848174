// `npm test`: every suite in order — typecheck, lint, vitest (shared, server on PGlite, web), the server
// suite again on PostgreSQL, the build and the landing page's JS budget, then the Playwright end-to-end run
// against the built app. It ends with one plain line "N passed, N failed" summed over all of them (CI reads it).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './lib.mjs';
import { startTestPostgres } from './postgres.mjs';
import { requireNode } from './node-version.mjs';

requireNode();

const out = mkdtempSync(join(tmpdir(), 'cofounder-test-'));
const results = [];
/** Tests that failed first and passed on a retry: counted as passed, but named at the end so they get fixed. */
const flaky = [];
let stageStarted = performance.now();

function record(name, passed, failed) {
  const seconds = (performance.now() - stageStarted) / 1000;
  results.push({ name, passed, failed, seconds });
  console.log(`\n== ${name}: ${passed} passed, ${failed} failed (${seconds.toFixed(0)} s)\n`);
  stageStarted = performance.now();
}

/** Every test of a Playwright JSON report whose outcome was "flaky", as "file › title". */
function flakyTests(suites, file = '') {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((t) => t.status === 'flaky').map(() => `${spec.file ?? file} › ${spec.title}`),
    ),
    ...flakyTests(suite.suites ?? [], suite.file ?? file),
  ]);
}

/** A check with no test count (typecheck, lint, build) counts as one test. */
async function check(name, cmd, args, env) {
  const code = await run(cmd, args, { env: { ...process.env, ...env } });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

/** Runs vitest with its JSON reporter and records the test counts (a crash before any test counts as 1 failed). */
async function vitest(name, args, env) {
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    env: { ...process.env, ...env },
  });
  if (!existsSync(file)) return record(name, 0, 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed);
}

async function playwright() {
  const file = join(out, 'e2e.json');
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: join(root, 'tests'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  if (!existsSync(file)) return record('e2e', 0, 1);
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  flaky.push(...flakyTests(suites ?? []));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('e2e (Chromium)', stats.expected + stats.flaky, failed);
}

await check('typecheck', 'npm', ['run', 'typecheck']);
await check('lint', 'npm', ['run', 'lint']);
await vitest('unit + server (PGlite)', []);

const pg = process.env.TEST_DATABASE_URL ? { url: process.env.TEST_DATABASE_URL, stop() {} } : await startTestPostgres();
if (pg) {
  try {
    await vitest('server (PostgreSQL)', ['--project', 'server'], { TEST_DATABASE_URL: pg.url });
  } finally {
    pg.stop();
  }
} else {
  console.log('PostgreSQL is not installed: the server suite ran on PGlite only (apt-get install postgresql).');
  if (process.env.CI) record('server (PostgreSQL)', 0, 1);
}

// The Firefox build (sidebar instead of side panel) must pass Mozilla's add-ons linter.
await check('extension (Firefox lint)', 'npm', ['run', 'lint:firefox', '-w', 'extension']);
if (await check('build', 'npm', ['run', 'build'])) {
  // Issue 9: what "/" (the prerendered landing.html) loads stays under 110 KB of gzip JS; issues 7 and 13: each
  // popup state under 120 KB. The dashboard chat route's 300 KB is measured in Chromium (specs/budgets.spec.ts).
  await check('landing JS budget', 'node', ['scripts/landing-budget.mjs']);
  await check('popup JS budget', 'node', ['scripts/popup-budget.mjs']);
  // Issue 13 §8-10, shortened so they cannot rot (npm run test:proof runs them in full): 20 kill -9s per database,
  // two processes behind a round-robin proxy, a 15 s load.
  await check('proof (short): crash, scale-out, load', 'node', ['scripts/proof/run.mjs', '--short', '--no-build']);
  await playwright();
} else {
  record('landing JS budget', 0, 1);
  record('popup JS budget', 0, 1);
  record('proof (short): crash, scale-out, load', 0, 1);
  record('e2e (Chromium)', 0, 1);
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary (stage: tests, seconds):');
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  console.log(`  ${r.name.padEnd(width)}  ${`${r.passed} passed, ${r.failed} failed`.padEnd(24)} ${r.seconds.toFixed(0).padStart(5)} s`);
}
const total = results.reduce((s, r) => s + r.seconds, 0);
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(24)} ${total.toFixed(0).padStart(5)} s`);
for (const name of flaky) console.log(`flaky (passed on retry): ${name}`);
console.log(`Flaky tests: ${flaky.length}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
