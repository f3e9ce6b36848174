// Scale-out (issue 13 item 9): two server processes on one PostgreSQL behind a round-robin proxy on loopback.
//
//   node scripts/proof/scale-out.mjs [--founders 6] [--no-build] [--skip-monitor]
//
// Proves, through the proxy (every request goes to the other process than the one before):
//   - sessions work on both: sign-up answered by one process, confirmation by the other; the token works
//     directly on A and on B; a refresh token issued by one process is rotated by the other.
//   - no job runs twice: founders generate tasks (5 each) through the proxy; both processes' task workers take
//     jobs from the one pg-boss queue; when all are done, every task's `attempts` (runs the engine started) is 1.
//   - activity reaches a client of the other process: the dashboard polls GET /api/activities, so every
//     activity the task runs wrote (whichever process ran them) must be answered by A and by B alike.
//   - monitor events cross processes: a client on B's monitor socket (/computer-use-monitor) subscribed to a
//     machine that runs in process A gets A's events (Postgres LISTEN/NOTIFY in server/src/events).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { startTestPostgres } from '../postgres.mjs';
import {
  api,
  ensureServerBuilt,
  failed,
  figure,
  freePort,
  parseArgs,
  pool,
  printFigures,
  signUpFounder,
  sleep,
  startServer,
  tempDir,
  upgradeToScale,
} from './common.mjs';

const TASKS_TIMEOUT_MS = 180_000;
const MONITOR_TIMEOUT_MS = 30_000;

/** A round-robin HTTP proxy: request n goes to upstream n mod 2. Counts what each upstream answered. */
export function startProxy(port, upstreams) {
  const served = upstreams.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const i = next++ % upstreams.length;
    served[i]++;
    const up = new URL(upstreams[i]);
    const fwd = httpRequest(
      { host: up.hostname, port: up.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' } },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, 'x-proof-upstream': String(i) });
        upRes.pipe(res);
      },
    );
    fwd.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(fwd);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${port}`, served, close: () => new Promise((r) => server.close(r)) })),
  );
}

/** Opens a monitor socket on `port`, waits for hello; resolves with { ws, messages, send(m), waitFor(pred, ms) }. */
export function openMonitor(port, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/computer-use-monitor?token=${encodeURIComponent(token)}`);
    const messages = [];
    const waiters = [];
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      messages.push(m);
      if (m.type === 'hello') resolve(handle);
      for (const w of [...waiters]) {
        if (!w.pred(m)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
    ws.on('close', (code, reason) => reject(new Error(`monitor closed ${code} ${reason}`)));
    ws.on('error', reject);
    const handle = {
      ws,
      messages,
      send: (m) => ws.send(JSON.stringify(m)),
      waitFor(pred, ms) {
        const found = messages.find(pred);
        if (found) return Promise.resolve(found);
        return new Promise((res, rej) => {
          const w = { pred, resolve: res };
          waiters.push(w);
          setTimeout(() => rej(new Error(`no matching monitor message within ${ms} ms; got ${JSON.stringify(messages).slice(0, 500)}`)), ms);
        });
      },
    };
    setTimeout(() => reject(new Error('monitor: no hello within 10 s')), 10_000);
  });
}

async function monitorAcrossProcesses(a, b, user, label) {
  const figures = [];
  let vmId = null;
  try {
    const launched = await api(a.url, 'POST', '/api/vms/launch', { token: user.token, body: { name: 'proof-vm' }, timeoutMs: 120_000 });
    if (launched.status !== 200) throw new Error(`launch on A: HTTP ${launched.status} ${JSON.stringify(launched.body).slice(0, 300)}`);
    vmId = launched.body.vm.id;
    const mon = await openMonitor(b.monitorPort, user.token);
    mon.send({ type: 'subscribe', vmId });
    await mon.waitFor((m) => m.type === 'subscribed' && m.vmId === vmId, 10_000);
    const t0 = Date.now();
    // A state change made by A (the process running the machine): B's client must hear of it.
    const stopped = await api(a.url, 'POST', `/api/vms/stop/${vmId}`, { token: user.token, timeoutMs: 60_000 });
    if (stopped.status !== 200) throw new Error(`stop on A: HTTP ${stopped.status} ${JSON.stringify(stopped.body).slice(0, 300)}`);
    // The stop's announcement: a status event A publishes (a live screenshot may come first, A streams the
    // screen because B's client watches; it crosses the same way and is counted too).
    // Wait for STOPPED itself: the launch's RUNNING announcement may still be on its way and proves less.
    const ev = await mon.waitFor((m) => m.vmId === vmId && m.type === 'status' && m.status === 'STOPPED', MONITOR_TIMEOUT_MS);
    const ms = Date.now() - t0;
    const kinds = [...new Set(mon.messages.filter((m) => m.vmId === vmId).map((m) => m.type))].join(', ');
    console.log(`${label}: B's monitor got ${JSON.stringify(ev).slice(0, 200)} ${ms} ms after A's stop (kinds: ${kinds})`);
    figures.push(
      figure(label, "monitor: A's STOPPED status reaches a client on B's socket", 'yes', 'yes', true),
      figure(label, 'monitor: stop call on A → STOPPED on B', ms, '', null, 'ms'),
      figure(label, 'monitor: event kinds received on B', kinds, '', null),
    );
    mon.ws.close();
  } catch (err) {
    console.error(`${label}: monitor: ${err.message}`);
    figures.push(figure(label, "monitor: A's STOPPED status reaches a client on B's socket", 'no', 'yes', false));
  } finally {
    if (vmId) await api(a.url, 'POST', `/api/vms/delete/${vmId}`, { token: user.token, timeoutMs: 60_000 }).catch(() => {});
  }
  return figures;
}

export async function scaleOutProof({ founders = 6, monitor = true } = {}) {
  const label = 'scale-out (2 processes)';
  const pgServer = await startTestPostgres();
  if (!pgServer) return [figure(label, 'PostgreSQL installed', 'no', 'Debian postgresql package', false)];
  const figures = [];
  const proxyPort = await freePort();
  // One issuer, one signing secret, one token key: what README's "several servers on one database" asks for.
  const shared = {
    DATABASE_URL: pgServer.url,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const servers = [];
  const dataDirs = [];
  let proxy = null;
  const db = new pg.Client({ connectionString: pgServer.url });
  try {
    // Started one after the other: both run the migrations at start-up, the second finds them applied.
    for (const name of ['a', 'b']) dataDirs.push(tempDir(`scale-${name}`));
    servers.push(await startServer({ ...shared, DATA_DIR: dataDirs[0] }));
    servers.push(await startServer({ ...shared, DATA_DIR: dataDirs[1] }));
    const [a, b] = servers;
    proxy = await startProxy(proxyPort, [a.url, b.url]);
    await db.connect();

    // Sessions.
    const users = await pool(Array.from({ length: founders }), 2, async () => {
      const u = await signUpFounder(proxy.url, 'scale');
      await upgradeToScale(proxy.url, u);
      return u;
    });
    let sessionFailures = 0;
    for (const u of users) {
      for (const s of servers) if ((await api(s.url, 'GET', '/api/me', { token: u.token })).status !== 200) sessionFailures++;
    }
    // A refresh token issued by A (password sign-in straight to A), rotated by B, the new access token used on A.
    const anon = (await api(a.url, 'GET', '/api/config')).body.supabaseAnonKey;
    const signedIn = await api(a.url, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: users[0].email, password: 'Str0ng!proof-pass' },
      headers: { apikey: anon },
    });
    const refreshed = await api(b.url, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: signedIn.body.refresh_token },
      headers: { apikey: anon },
    });
    const refreshOk = refreshed.status === 200 && (await api(a.url, 'GET', '/api/me', { token: refreshed.body.access_token })).status === 200;
    figures.push(
      figure(label, `tokens refused by the other process (${founders} founders × 2)`, sessionFailures, '0', sessionFailures === 0),
      figure(label, 'refresh token of A rotated by B, new token accepted by A', refreshOk ? 'yes' : 'no', 'yes', refreshOk),
    );

    // Jobs: generate through the proxy (alternating processes), let both processes' workers run them.
    const t0 = Date.now();
    const generated = await pool(users, 3, (u) => api(proxy.url, 'POST', `/api/tasks/${u.id}/generate`, { token: u.token, body: {}, timeoutMs: 60_000 }));
    const bad = generated.filter((r) => r.status !== 200);
    if (bad.length) throw new Error(`generate: ${bad.map((r) => `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`).join('; ')}`);
    const ids = users.map((u) => u.id);
    let rows = [];
    while (Date.now() - t0 < TASKS_TIMEOUT_MS) {
      ({ rows } = await db.query(`select id, status, attempts from tasks where user_id = any($1::uuid[])`, [ids]));
      if (rows.length > 0 && rows.every((r) => !['pending', 'in_progress'].includes(r.status))) break;
      await sleep(500);
    }
    const unfinished = rows.filter((r) => ['pending', 'in_progress'].includes(r.status)).length;
    const twice = rows.filter((r) => r.attempts > 1).length;
    const never = rows.filter((r) => r.attempts === 0).length;
    const byStatus = rows.reduce((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
    console.log(`${label}: ${rows.length} tasks in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(byStatus)}; proxy served A ${proxy.served[0]}, B ${proxy.served[1]}`);
    // Several results for one task would mean two runs wrote: the result row is one per task, activities are not. A
    // run may write several activities of one title (two X posts, one post in two subreddits), never one twice.
    const { rows: dupActs } = await db.query(
      `select task_id, count(*)::int n from activities where user_id = any($1::uuid[]) and task_id is not null group by task_id, title, content, subreddit having count(*) > 1`,
      [ids],
    );
    figures.push(
      figure(label, 'tasks generated through the proxy', rows.length, `${founders * 5}`, rows.length === founders * 5),
      figure(label, 'tasks not finished within 180 s', unfinished, '0', unfinished === 0),
      figure(label, 'tasks run more than once (attempts > 1)', twice, '0', twice === 0),
      figure(label, 'tasks never run (attempts = 0)', never, '0', never === 0),
      figure(label, 'duplicate activities of one task run', dupActs.length, '0', dupActs.length === 0),
    );

    // Activity: the dashboard polls; both processes must answer the same feed.
    let activityMismatches = 0;
    let activities = 0;
    for (const u of users) {
      const [ra, rb] = await Promise.all(servers.map((s) => api(s.url, 'GET', `/api/activities/${u.id}?limit=100`, { token: u.token })));
      const idsA = (ra.body.activities ?? []).map((x) => x.id).sort().join();
      const idsB = (rb.body.activities ?? []).map((x) => x.id).sort().join();
      activities += (ra.body.activities ?? []).length;
      if (ra.status !== 200 || rb.status !== 200 || idsA !== idsB) activityMismatches++;
    }
    figures.push(
      figure(label, 'activities written by the task runs', activities, '> 0', activities > 0),
      figure(label, 'founders whose activity feed differs between A and B', activityMismatches, '0', activityMismatches === 0),
    );

    if (monitor) figures.push(...(await monitorAcrossProcesses(a, b, users[0], label)));
    else figures.push(figure(label, 'monitor across processes', 'skipped (--skip-monitor)', '', null));

    // Both processes stop cleanly (pg-boss hands back its jobs, LISTEN connections close).
    for (const s of servers.splice(0)) {
      const r = await s.stop();
      figures.push(figure(label, `process ${s === a ? 'A' : 'B'} SIGTERM stop`, r.code === 0 ? 'exit 0' : `exit ${r.code ?? r.signal}`, 'exit 0', r.code === 0));
    }
  } catch (err) {
    console.error(`${label}: ${err.stack ?? err}`);
    figures.push(figure(label, 'completed without error', 'no', 'yes', false));
  } finally {
    await db.end().catch(() => {});
    await proxy?.close();
    for (const s of servers) await s.kill9();
    pgServer.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs();
  await ensureServerBuilt(args);
  const figures = await scaleOutProof({ founders: Number(args.founders ?? 6), monitor: !args['skip-monitor'] });
  printFigures(figures, 'scale-out');
  process.exit(failed(figures) ? 1 : 0);
}
