// `npm run test:proof`: the long proofs of issue 13 (items 8-10) against the built server, one after the other,
// then every figure with its threshold in one table. Exits 1 when any threshold fails.
//
//   node scripts/proof/run.mjs            full: 100 kills on PGlite and on Postgres, scale-out, 200 founders for
//                                         60 s, the ramp, a 10-minute soak
//   node scripts/proof/run.mjs --short    what CI runs: 10 kills per database, scale-out, 50 founders for 15 s,
//                                         a short ramp, a 15-second soak
//   --only crash,scale-out,load,hosts,security  run a subset (crash-pglite or crash-postgres: one database's crash
//                                         proof); --no-build uses server/dist/main.js as it is
// The full run also runs the quick proofs npm test runs anyway (server/src/security, the JS budgets) so one table
// holds every figure of issue 13; --short leaves them to npm test.
import { crashProof } from './crash.mjs';
import { ensureServerBuilt, failed, figure, parseArgs, printFigures } from './common.mjs';
import { requireNode } from '../node-version.mjs';

requireNode();
import { loadProof } from './load.mjs';
import { hostsProof } from './hosts.mjs';
import { scaleOutProof } from './scale-out.mjs';
import { budgetsProof, securityProof } from './security.mjs';

const args = parseArgs();
const short = Boolean(args.short);
const only = args.only ? new Set(String(args.only).split(',')) : null;
const wants = (name) => !only || only.has(name);

const plan = short
  ? { kills: 10, founders: 4, load: { seconds: 15, founders: 50, soakMinutes: 0.25, ramp: [10, 25, 50], stepSeconds: 5 } }
  : { kills: 100, founders: 6, load: { seconds: 60, founders: 200, soakMinutes: 10, ramp: [10, 25, 50, 100, 200], stepSeconds: 10 } };

const started = Date.now();
await ensureServerBuilt(args);
const figures = [];
const timed = async (name, fn) => {
  const t0 = Date.now();
  console.log(`\n== proof: ${name}`);
  const f = await fn();
  figures.push(...f);
  if (!f.some((x) => x.name === 'run time')) figures.push(figure(name, 'run time', Math.round((Date.now() - t0) / 1000), '', null, 's'));
};

if (wants('crash') || wants('crash-pglite')) await timed('crash (pglite)', () => crashProof('pglite', plan.kills));
if (wants('crash') || wants('crash-postgres')) await timed('crash (postgres)', () => crashProof('postgres', plan.kills));
if (wants('scale-out')) await timed('scale-out', () => scaleOutProof({ founders: plan.founders }));
if (wants('load')) await timed('load', () => loadProof(plan.load));
// Machines on browser hosts (issue 28 §5): full runs and --only hosts; npm test's short run leaves it out (about a
// minute: two hosts, two API processes and a 20 s heartbeat window).
if ((!short || only?.has('hosts')) && wants('hosts')) await timed('hosts', hostsProof);
if (!short && wants('security')) {
  await timed('security', securityProof);
  await timed('budgets', budgetsProof);
}

printFigures(figures, `test:proof${short ? ' --short' : ''}: every figure with its threshold`);
const failures = figures.filter((f) => f.pass === false).length;
console.log(`\n${figures.filter((f) => f.pass === true).length} passed, ${failures} failed (${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(failed(figures) ? 1 : 0);
