// Load (issue 13 item 10): simulated founders against one real server on loopback, a mixed workload of chat
// (the offline co-founder answers: no network), task polling, usage and activity. The load generator is written
// on Node's fetch (undici, keep-alive) and keeps every latency sample, so percentiles are exact.
//
//   node scripts/proof/load.mjs [--seconds 60] [--founders 200] [--soak-minutes 10] [--db pglite|postgres]
//                               [--ramp 10,25,50,100,200] [--step-seconds 10] [--no-build]
//
// Three phases, each bounded:
//   1. mixed: every founder loops over weighted requests with a think time of 1-3 s (a founder with the
//      dashboard open), for --seconds. Figures: p50/p95/p99, errors, requests/s.
//   2. ramp: closed loops with no think time at growing concurrency, --step-seconds each; the highest
//      requests/s whose p99 stayed ≤ 1 s with no errors is the max sustainable rate.
//   3. soak: the mixed workload for --soak-minutes (0 skips), the server's RSS sampled every 10 s; growth from
//      the first minute's mean to the last minute's mean.
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startTestPostgres } from '../postgres.mjs';
import {
  ensureServerBuilt,
  failed,
  figure,
  parseArgs,
  percentile,
  pool,
  printFigures,
  rssMb,
  signUpFounder,
  sleep,
  startServer,
  tempDir,
  upgradeToScale,
} from './common.mjs';

export const LIMITS = { p95Ms: 500, p99Ms: 1000, rampP99Ms: 1000, rssGrowthPct: 50 };

/** The mix: a dashboard polls tasks and activity and reads usage far more often than the founder chats. */
const MIX = [
  { name: 'chat', weight: 10, method: 'POST', path: (u) => `/api/conversation/${u.id}`, body: (n) => ({ role: 'user', text: `How should I price my product? (${n})` }) },
  { name: 'tasks', weight: 35, method: 'GET', path: (u) => `/api/tasks/${u.id}` },
  { name: 'usage', weight: 25, method: 'GET', path: () => '/api/subscription/usage-details' },
  { name: 'activity', weight: 30, method: 'GET', path: (u) => `/api/activities/${u.id}` },
];
const TOTAL_WEIGHT = MIX.reduce((a, m) => a + m.weight, 0);
const pick = () => {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const m of MIX) if ((r -= m.weight) < 0) return m;
  return MIX[MIX.length - 1];
};

class Recorder {
  constructor() {
    this.samples = [];
    this.byName = new Map();
    this.errors = 0;
    this.expected = 0; // 402 / 429: the product's limits answering, not failures
    this.errorKinds = new Map();
    this.started = performance.now();
    this.ended = null;
  }
  add(name, ms, status) {
    if (status >= 200 && status < 300) {
      this.samples.push(ms);
      if (!this.byName.has(name)) this.byName.set(name, []);
      this.byName.get(name).push(ms);
    } else if (status === 402 || status === 429) this.expected++;
    else {
      this.errors++;
      const k = `${name} ${status}`;
      this.errorKinds.set(k, (this.errorKinds.get(k) ?? 0) + 1);
    }
  }
  stop() {
    this.ended = performance.now();
  }
  summary() {
    const s = [...this.samples].sort((a, b) => a - b);
    const secs = ((this.ended ?? performance.now()) - this.started) / 1000;
    const per = {};
    for (const [k, v] of this.byName) {
      const t = [...v].sort((a, b) => a - b);
      per[k] = { n: t.length, p50: percentile(t, 50), p95: percentile(t, 95), p99: percentile(t, 99) };
    }
    return {
      requests: s.length + this.errors + this.expected,
      ok: s.length,
      errors: this.errors,
      expected: this.expected,
      rps: (s.length + this.errors + this.expected) / secs,
      p50: percentile(s, 50),
      p95: percentile(s, 95),
      p99: percentile(s, 99),
      max: s[s.length - 1] ?? NaN,
      per,
      errorKinds: Object.fromEntries(this.errorKinds),
    };
  }
}

async function request(base, user, op, n, rec) {
  const headers = { authorization: `Bearer ${user.token}` };
  const body = op.body ? JSON.stringify(op.body(n)) : undefined;
  if (body) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${base}${op.path(user)}`, { method: op.method, headers, body, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    status = res.status;
  } catch {
    status = 0; // network error or timeout
  }
  rec.add(op.name, performance.now() - t0, status);
}

/** Each founder loops until `until`: one request, then a think time in [thinkMin, thinkMax] ms. */
async function runFounders(base, users, untilMs, rec, thinkMin, thinkMax) {
  let n = 0;
  await Promise.all(
    users.map(async (u) => {
      // Spread the first requests over the first think time, as real sessions start at different moments.
      if (thinkMax > 0) await sleep(Math.random() * thinkMax);
      while (performance.now() < untilMs) {
        await request(base, u, pick(), ++n, rec);
        if (thinkMax > 0) await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
      }
    }),
  );
  rec.stop();
}

const ms = (v) => Math.round(v);

export async function loadProof({ seconds = 60, founders = 200, soakMinutes = 10, db = 'pglite', ramp = [10, 25, 50, 100, 200], stepSeconds = 10 } = {}) {
  const label = `load (${db})`;
  const figures = [];
  let pg = null;
  const env = { DATA_DIR: tempDir('load') };
  if (db === 'postgres') {
    pg = await startTestPostgres();
    if (!pg) return [figure(label, 'PostgreSQL installed', 'no', 'Debian postgresql package', false)];
    env.DATABASE_URL = pg.url;
  }
  const server = await startServer(env);
  try {
    const t0 = Date.now();
    // bcrypt makes sign-up and sign-in slow on purpose: a few at a time, and every token is reused.
    const users = await pool(Array.from({ length: founders }), 4, async () => {
      const u = await signUpFounder(server.url, 'load');
      await upgradeToScale(server.url, u); // no monthly caps: a 402/429 would hide the server's real speed
      return u;
    });
    console.log(`${label}: ${founders} founders signed up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const rssStart = rssMb(server.pid);

    // 1. The mixed workload.
    const mixed = new Recorder();
    await runFounders(server.url, users, performance.now() + seconds * 1000, mixed, 1000, 3000);
    const m = mixed.summary();
    console.log(`${label}: mixed ${seconds} s: ${JSON.stringify({ ...m, per: undefined })}`);
    for (const [k, v] of Object.entries(m.per)) console.log(`  ${k.padEnd(8)} n=${v.n} p50=${ms(v.p50)} p95=${ms(v.p95)} p99=${ms(v.p99)} ms`);
    figures.push(
      figure(label, `mixed: ${founders} founders, ${seconds} s, requests`, m.requests, '', null),
      figure(label, 'mixed: requests/s', m.rps, '', null, 'req/s'),
      figure(label, 'mixed: p50 latency', ms(m.p50), '', null, 'ms'),
      figure(label, 'mixed: p95 latency', ms(m.p95), `≤ ${LIMITS.p95Ms} ms`, m.p95 <= LIMITS.p95Ms, 'ms'),
      figure(label, 'mixed: p99 latency', ms(m.p99), `≤ ${LIMITS.p99Ms} ms`, m.p99 <= LIMITS.p99Ms, 'ms'),
      figure(label, 'mixed: chat send p95', ms(m.per.chat?.p95 ?? NaN), '', null, 'ms'),
      figure(label, 'mixed: errors (non-2xx other than 402/429, network)', m.errors, '0', m.errors === 0),
      figure(label, 'mixed: expected refusals (402/429)', m.expected, '', null),
    );
    if (m.errors) console.log(`  errors: ${JSON.stringify(m.errorKinds)}`);

    // 2. The ramp: no think time, growing concurrency.
    let best = null;
    for (const c of ramp.filter((c) => c <= users.length)) {
      const rec = new Recorder();
      await runFounders(server.url, users.slice(0, c), performance.now() + stepSeconds * 1000, rec, 0, 0);
      const s = rec.summary();
      const ok = s.errors === 0 && s.p99 <= LIMITS.rampP99Ms;
      console.log(`${label}: ramp ${String(c).padStart(3)} concurrent: ${s.rps.toFixed(0)} req/s p95=${ms(s.p95)} p99=${ms(s.p99)} errors=${s.errors} ${ok ? 'within' : 'OVER'}`);
      for (const [k, v] of Object.entries(s.per)) console.log(`  ${k.padEnd(8)} n=${v.n} p50=${ms(v.p50)} p95=${ms(v.p95)} p99=${ms(v.p99)} ms`);
      if (ok && (!best || s.rps > best.rps)) best = { ...s, c };
      if (!ok) break;
    }
    figures.push(
      figure(
        label,
        `max sustainable requests/s (p99 ≤ ${LIMITS.rampP99Ms} ms, 0 errors)`,
        best ? Math.round(best.rps) : 0,
        '> 0',
        Boolean(best),
        best ? `req/s at ${best.c} concurrent` : '',
      ),
    );

    // 3. The soak.
    if (soakMinutes > 0) {
      const samples = [];
      const every = Math.min(10_000, (soakMinutes * 60_000) / 6); // six samples or more, at most 10 s apart
      const sampler = setInterval(() => samples.push({ t: Date.now(), mb: rssMb(server.pid) }), every);
      samples.push({ t: Date.now(), mb: rssMb(server.pid) });
      const soak = new Recorder();
      await runFounders(server.url, users, performance.now() + soakMinutes * 60_000, soak, 1000, 3000);
      clearInterval(sampler);
      samples.push({ t: Date.now(), mb: rssMb(server.pid) });
      const s = soak.summary();
      // First and last windows: a minute each, or a third of a short soak.
      const win = Math.min(60_000, (soakMinutes * 60_000) / 3);
      const tStart = samples[0].t;
      const tEnd = samples[samples.length - 1].t;
      const mean = (xs) => xs.reduce((a, x) => a + x.mb, 0) / xs.length;
      const first = mean(samples.filter((x) => x.t - tStart <= win));
      const last = mean(samples.filter((x) => tEnd - x.t <= win));
      const growth = ((last - first) / first) * 100;
      console.log(`${label}: soak RSS samples (MB): ${samples.map((x) => x.mb.toFixed(0)).join(' ')}`);
      figures.push(
        figure(label, `soak: ${soakMinutes} min, requests`, s.requests, '', null),
        figure(label, 'soak: p99 latency', ms(s.p99), `≤ ${LIMITS.p99Ms} ms`, s.p99 <= LIMITS.p99Ms, 'ms'),
        figure(label, 'soak: errors', s.errors, '0', s.errors === 0),
        figure(label, 'soak: RSS at start of the run / first window / last window', `${rssStart.toFixed(0)} / ${first.toFixed(0)} / ${last.toFixed(0)}`, '', null, 'MB'),
        figure(label, 'soak: RSS growth, first to last window', Number(growth.toFixed(1)), `< ${LIMITS.rssGrowthPct} %`, growth < LIMITS.rssGrowthPct, '%'),
      );
    } else {
      figures.push(figure(label, 'soak', 'skipped (--soak-minutes 0)', '', null));
    }
  } catch (err) {
    console.error(`${label}: ${err.stack ?? err}`);
    figures.push(figure(label, 'completed without error', 'no', 'yes', false));
  } finally {
    await server.stop();
    pg?.stop();
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs();
  await ensureServerBuilt(args);
  const figures = await loadProof({
    seconds: Number(args.seconds ?? 60),
    founders: Number(args.founders ?? 200),
    soakMinutes: Number(args['soak-minutes'] ?? 10),
    db: args.db ?? 'pglite',
    ramp: args.ramp ? String(args.ramp).split(',').map(Number) : undefined,
    stepSeconds: Number(args['step-seconds'] ?? 10),
  });
  printFigures(figures, 'load');
  process.exit(failed(figures) ? 1 : 0);
}
