// Shared pieces of the proof scripts (crash, scale-out, load): start and kill real server processes, sign up
// founders through the real local auth, percentiles, the figure table. Node built-ins only (fetch is undici).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStale, root, run, SERVER_ENV_DEFAULTS } from '../lib.mjs';
import { freePort } from '../postgres.mjs';

export { freePort };

export { root };
/** PROOF_SERVER_ENTRY runs another bundle (e.g. one built from a work in progress) instead of server/dist/main.js. */
export const serverEntry = process.env.PROOF_SERVER_ENTRY ?? join(root, 'server/dist/main.js');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** --name value / --flag arguments; numbers stay strings (callers convert). */
export function parseArgs(argv = process.argv.slice(2)) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const [k, inline] = a.slice(2).split('=', 2);
    if (inline !== undefined) out[k] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[k] = argv[++i];
    else out[k] = true;
  }
  return out;
}

/** Builds server/dist/main.js when it is missing or older than its sources (like `npm start`); --no-build skips. */
export async function ensureServerBuilt(args) {
  if (args['no-build'] && existsSync(serverEntry)) return;
  if (!isStale('server/dist/main.js', ['server/src', 'server/drizzle', 'server/build.mjs', 'shared/src'])) return;
  console.log('building the server (server/dist/main.js)…');
  const code = await run('npm', ['run', 'build', '-w', 'server'], { env: { ...process.env, NODE_ENV: 'production' } });
  if (code !== 0) throw new Error('server build failed');
}

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), `cofounder-proof-${prefix}-`));
}

/** An empty folder to serve as WEB_DIST_DIR: the proofs exercise the API only. */
export function emptyWebDir() {
  const dir = join(tmpdir(), 'cofounder-proof-empty-web');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Spawns `node server/dist/main.js` with the given env (PORT/MONITOR_PORT free ports unless given). Returns a
 * handle: url, pid, output (stdout+stderr text so far), exited (promise of {code, signal}), kill9(), stop().
 */
export async function spawnServer(env = {}) {
  const port = env.PORT ?? (await freePort());
  const monitorPort = env.MONITOR_PORT ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...SERVER_ENV_DEFAULTS,
    ...process.env,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMITS: 'false',
    // The proofs measure durability and throughput from one client; the budgets are proven in npm test.
    USER_RATE_LIMITS: 'false',
    WEB_DIST_DIR: emptyWebDir(),
    NODE_ENV: 'production',
    ...env,
    PORT: String(port),
    MONITOR_PORT: String(monitorPort),
  };
  const child = spawn(process.execPath, [serverEntry], { cwd: root, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let alive = true;
  exited.then(() => (alive = false));
  return {
    url,
    port,
    monitorPort,
    pid: child.pid,
    child,
    exited,
    get alive() {
      return alive;
    },
    get output() {
      return output;
    },
    async kill9() {
      if (alive) child.kill('SIGKILL');
      return exited;
    },
    async stop(timeoutMs = 15_000) {
      if (!alive) return exited;
      child.kill('SIGTERM');
      const t = setTimeout(() => alive && child.kill('SIGKILL'), timeoutMs);
      const r = await exited;
      clearTimeout(t);
      return r;
    },
  };
}

/** Polls GET /api/health until 200; resolves with the ms it took, or throws (with the server's output) on timeout/exit. */
export async function waitHealthy(server, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!server.alive) throw new Error(`server exited before it was healthy:\n${server.output.slice(-2000)}`);
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output.slice(-2000)}`);
}

export async function startServer(env = {}, timeoutMs = 60_000) {
  const server = await spawnServer(env);
  server.startMs = await waitHealthy(server, timeoutMs);
  return server;
}

/** fetch with an optional bearer and JSON body; returns { status, body } (body parsed when JSON). */
export async function api(base, method, path, { token, body, headers = {}, timeoutMs = 30_000 } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

async function must(promise, what) {
  const r = await promise;
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

let emailCounter = 0;
export const PASSWORD = 'Str0ng!proof-pass';

/**
 * A confirmed, signed-in founder through the real local auth: sign-up, then the confirmation link's token from
 * the dev mailbox redeemed with POST /auth/v1/verify, which answers a session (one bcrypt hash per founder, not
 * two: sign-up hashes, a password sign-in would compare again). Returns { id, token, email }.
 */
export async function signUpFounder(base, prefix = 'proof') {
  const { supabaseAnonKey: anon } = await must(api(base, 'GET', '/api/config'), 'config');
  const email = `${prefix}-${process.pid}-${Date.now().toString(36)}-${++emailCounter}@example.com`;
  await must(api(base, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD }, headers: { apikey: anon } }), 'signup');
  const { messages } = await must(api(base, 'GET', `/dev/mailbox/messages?to=${encodeURIComponent(email)}`), 'mailbox');
  const link = messages.flatMap((m) => m.links).find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const tokenHash = new URL(link).searchParams.get('token');
  const s = await must(
    api(base, 'POST', '/auth/v1/verify', { body: { type: 'signup', token_hash: tokenHash }, headers: { apikey: anon } }),
    'verify',
  );
  return { email, id: s.user.id, token: s.access_token };
}

export async function signIn(base, email, anon) {
  anon ??= (await must(api(base, 'GET', '/api/config'), 'config')).supabaseAnonKey;
  const s = await must(
    api(base, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD }, headers: { apikey: anon } }),
    'sign-in',
  );
  return { id: s.user.id, token: s.access_token };
}

/** Puts the founder on the Scale plan (no monthly limits) through the local checkout: create, then Pay. */
export async function upgradeToScale(base, user) {
  const s = await must(
    api(base, 'POST', '/api/stripe/create-checkout-session', { token: user.token, body: { planName: 'scale', interval: 'monthly' } }),
    'checkout',
  );
  await must(api(base, 'POST', `/api/stripe/local-checkout/${s.sessionId}`, { token: user.token, body: { action: 'pay' } }), 'pay');
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const median = (xs) => percentile([...xs].sort((a, b) => a - b), 50);

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * A figure: { proof, name, value, unit, threshold (text), pass (true/false/null = informational) }.
 * printFigures prints them as one aligned table.
 */
export function figure(proof, name, value, threshold = '', pass = null, unit = '') {
  return { proof, name, value, unit, threshold, pass };
}

const fmt = (v) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)) : String(v));

export function printFigures(figures, title = 'figures') {
  const rows = figures.map((f) => [f.proof, f.name, `${fmt(f.value)}${f.unit ? ' ' + f.unit : ''}`, f.threshold || '-', f.pass === null ? 'info' : f.pass ? 'PASS' : 'FAIL']);
  const head = ['proof', 'figure', 'measured', 'threshold', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n== ${title}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export const failed = (figures) => figures.some((f) => f.pass === false);
