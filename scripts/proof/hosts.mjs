// Machines on browser hosts (issue 28 §5): two machine hosts and two API processes (VM_HOSTS=registered) on one
// PostgreSQL, the API processes behind the round-robin proxy, each host and each API process a process of its own.
//
//   node scripts/proof/hosts.mjs [--no-build]
//
// Proves:
//   - placement: 3 founders launch 2 machines each through the proxy; the 6 spread over both hosts.
//   - an API process killed with SIGKILL (while it runs a task on a machine) leaves its machines running: the other
//     process drives them (a screenshot through it), takes the orphaned task over and finishes it, each step once.
//   - a host killed with SIGKILL: its machines are stopped "host lost" within the heartbeat window, and Start
//     relaunches one on the other host.
//   - take control across processes: while a task runs on the relaunched machine through one API process, the
//     founder watches through another, started after the launch; over its monitor socket (a view token) they take
//     control, click a field, type and press Enter (the page's site receives the text), and hand back: the AI
//     finishes the task.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startTestPostgres } from '../postgres.mjs';
import { api, ensureServerBuilt, failed, figure, freePort, parseArgs, pool, printFigures, root, signUpFounder, sleep, startServer, tempDir, upgradeToScale } from './common.mjs';
import { openMonitor, startProxy } from './scale-out.mjs';

/** The timings the server was built with (server/dist/constants.js: shared/src/constants.ts). */
async function timings() {
  const { VMS } = await import(pathToFileURL(join(root, 'server/dist/constants.js')).href);
  // Each API process sweeps for lost hosts every host heartbeat, and for silent tasks every task heartbeat.
  return { hostLostMs: VMS.hosts.lostAfterMs, sweepMs: Math.max(VMS.hosts.heartbeatMs, VMS.taskHeartbeatMs), taskLostMs: VMS.taskLostAfterMs };
}

/** The proof's page: one text field at the top left, in a form whose submission the page's server records. */
const PROOF_PAGE =
  '<!doctype html><title>Proof page</title><form action="/submitted"><input name="note" aria-label="Note" style="position:fixed;left:0;top:0;width:600px;height:80px"></form>';
const FIELD_AT = { x: 100, y: 40 };

/** `npm run machine-host`'s process; resolves once it says it is registered. */
async function startHost(env) {
  const child = spawn(process.execPath, [join(root, 'server/dist/machine-host.js')], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const started = Date.now();
  while (!/Machine host ([0-9a-f-]{36})/.test(output)) {
    if (Date.now() - started > 60_000 || child.exitCode !== null) throw new Error(`machine host did not start:\n${output.slice(-2000)}`);
    await sleep(100);
  }
  const id = /Machine host ([0-9a-f-]{36})/.exec(output)[1];
  return { id, child, exited, kill9: () => (child.exitCode === null && child.kill('SIGKILL'), exited), stop: () => (child.exitCode === null && child.kill('SIGTERM'), exited) };
}

export async function hostsProof() {
  const label = 'machine hosts (2 hosts, 2 API processes)';
  const pgServer = await startTestPostgres();
  if (!pgServer) return [figure(label, 'PostgreSQL installed', 'no', 'Debian postgresql package', false)];
  const figures = [];
  const { hostLostMs: HOST_LOST_MS, sweepMs: SWEEP_MS, taskLostMs: TASK_LOST_MS } = await timings();
  const submitted = [];
  const page = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proof.page');
    if (url.pathname === '/submitted') submitted.push(url.searchParams.get('note'));
    res.writeHead(200, { 'content-type': 'text/html' }).end(PROOF_PAGE);
  });
  const pagePort = await new Promise((r) => page.listen(0, '127.0.0.1', () => r(page.address().port)));
  const allow = `127.0.0.1:${pagePort}`;
  const proxyPort = await freePort();
  const shared = {
    DATABASE_URL: pgServer.url,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    VM_HOSTS: 'registered',
    VM_ALLOW_HOSTS: allow,
  };
  const dirs = [];
  const servers = [];
  const hosts = [];
  let proxy = null;
  const db = new pg.Client({ connectionString: pgServer.url });
  try {
    for (const name of ['a', 'b']) {
      const dir = tempDir(`hosts-api-${name}`);
      dirs.push(dir);
      servers.push(await startServer({ ...shared, DATA_DIR: dir }));
    }
    const [a, b] = servers;
    for (const name of ['1', '2']) {
      const dir = tempDir(`hosts-host-${name}`);
      dirs.push(dir);
      hosts.push(
        await startHost({
          DATABASE_URL: pgServer.url,
          MACHINE_HOST_PORT: String(await freePort()),
          MACHINE_HOST_CAPACITY: '4',
          MACHINE_HOST_SECRET: randomBytes(32).toString('base64url'),
          MACHINE_HOST_DATA_DIR: dir,
          VM_ALLOW_HOSTS: allow,
        }),
      );
    }
    proxy = await startProxy(proxyPort, [a.url, b.url]);
    await db.connect();

    // Placement: 3 founders × 2 machines through the proxy.
    const founders = await pool(Array.from({ length: 3 }), 1, async () => {
      const u = await signUpFounder(proxy.url, 'hosts');
      await upgradeToScale(proxy.url, u);
      return u;
    });
    const machines = [];
    const t0 = Date.now();
    for (const u of founders) {
      for (let i = 0; i < 2; i++) {
        const r = await api(proxy.url, 'POST', '/api/vms/launch', { token: u.token, body: {}, timeoutMs: 120_000 });
        if (r.status !== 200) throw new Error(`launch: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        machines.push({ id: r.body.vm.id, user: u, provider: r.body.vm.provider });
      }
    }
    const launchS = (Date.now() - t0) / 1000;
    const { rows: placed } = await db.query('select vm_id, host_id from machine_placements where running');
    const perHost = hosts.map((h) => placed.filter((p) => p.host_id === h.id).length);
    console.log(`${label}: 6 machines launched in ${launchS.toFixed(1)} s, per host ${perHost.join(' + ')}`);
    figures.push(
      figure(label, 'machines launched (3 founders × 2), provider hosted', machines.filter((m) => m.provider === 'hosted').length, '6', machines.every((m) => m.provider === 'hosted') && machines.length === 6),
      figure(label, 'placement spread over the two hosts', perHost.join(' + '), 'both > 0', perHost.every((n) => n > 0)),
      figure(label, 'time to launch 6 machines one after another', Number(launchS.toFixed(1)), '', null, 's'),
    );

    // Kill -9 the API process while it runs a task on a machine: the machine lives on, the other process drives it
    // and takes the task over.
    const driven = machines[0];
    const busy = api(a.url, 'POST', `/api/computer-use/run-task/${driven.id}`, {
      token: driven.user.token,
      body: { task: `open http://${allow}/ and type hello into the note field and wait 5 seconds and wait 5 seconds`, enableLiveUpdates: true },
      timeoutMs: 120_000,
    }).catch(() => null);
    // Killed during a wait: a step that does no harm twice, so the task can go on elsewhere (a click or typing under
    // way would end it instead, rather than risk doing it twice: server/src/features/computer-use/resume.ts).
    for (const until = Date.now() + 30_000; Date.now() < until; await sleep(100)) {
      const { rows: [live] } = await db.query(`select decisions from vm_tasks where vm_id = $1 and status = 'running'`, [driven.id]);
      if (live?.decisions.some((d) => d.action === 'wait')) break;
    }
    await a.kill9();
    const killedApiAt = Date.now();
    await busy;
    const shot = await api(b.url, 'POST', `/api/computer-use/screenshot/${driven.id}`, { token: driven.user.token, timeoutMs: 60_000 });
    const survived = shot.status === 200 && /^data:image\/jpeg;base64,/.test(shot.body.screenshot ?? '');
    const { rows: listed } = await db.query('select status from vms where id = $1', [driven.id]);

    figures.push(
      figure(label, 'machine driven by an API process killed with SIGKILL: still RUNNING, screenshot through the other', survived && listed[0]?.status === 'RUNNING' ? 'yes' : `no (${shot.status}, ${listed[0]?.status})`, 'yes', survived && listed[0]?.status === 'RUNNING'),
    );
    // Its task: taken over by B's sweep once A's heartbeat is VMS.taskLostAfterMs old, then finished there, each
    // step once.
    let task = null;
    let takenOverMs = null;
    for (const until = killedApiAt + TASK_LOST_MS + 3 * SWEEP_MS + 60_000; Date.now() < until; await sleep(250)) {
      ({ rows: [task] } = await db.query('select status, message, resumes, decisions from vm_tasks where vm_id = $1', [driven.id]));
      if (takenOverMs === null && task?.resumes > 0) takenOverMs = Date.now() - killedApiAt;
      if (task && task.status !== 'running') break;
    }
    const steps = (task?.decisions ?? []).map((d) => `${d.step} ${d.action}`);
    const once = steps.length > 0 && new Set(steps.map((st) => st.split(' ')[0])).size === steps.length && steps.filter((st) => st.endsWith(' type')).length === 1;
    const finished = task?.status === 'completed' && task.resumes === 1 && once;
    figures.push(
      figure(label, "the killed process's task: taken over by the other process and finished, each step once", finished ? 'yes' : `no (${task?.status}, ${task?.message}, steps ${steps.join(', ')})`, 'yes', finished),
      figure(label, 'API process killed → its task taken over', takenOverMs ?? -1, `≤ ${TASK_LOST_MS + 2 * SWEEP_MS}`, takenOverMs !== null && takenOverMs <= TASK_LOST_MS + 2 * SWEEP_MS, 'ms'),
    );

    // Kill -9 a host: its machines are stopped "host lost", then one is relaunched on the other host.
    const victim = hosts[0];
    const { rows: onVictim } = await db.query('select vm_id from machine_placements where host_id = $1 and running', [victim.id]);
    const lostIds = onVictim.map((r) => r.vm_id);
    const killedAt = Date.now();
    await victim.kill9();
    let stoppedMs = null;
    while (Date.now() - killedAt < HOST_LOST_MS + 4 * SWEEP_MS) {
      const { rows } = await db.query(`select count(*)::int n from vms where id = any($1::uuid[]) and status = 'STOPPED' and stop_reason = 'host_lost'`, [lostIds]);
      if (rows[0].n === lostIds.length) {
        stoppedMs = Date.now() - killedAt;
        break;
      }
      await sleep(250);
    }
    console.log(`${label}: ${lostIds.length} machines of the killed host stopped after ${stoppedMs ?? 'never'} ms`);
    figures.push(
      figure(label, `machines of a host killed with SIGKILL stopped "host lost" (${lostIds.length})`, stoppedMs === null ? 'no' : 'yes', 'yes', stoppedMs !== null),
      figure(label, 'host killed → its machines stopped', stoppedMs ?? -1, `≤ ${HOST_LOST_MS + 2 * SWEEP_MS}`, stoppedMs !== null && stoppedMs <= HOST_LOST_MS + 2 * SWEEP_MS, 'ms'),
    );
    const relaunch = machines.find((m) => lostIds.includes(m.id));
    if (relaunch) {
      const r0 = Date.now();
      const started = await api(b.url, 'POST', `/api/vms/start/${relaunch.id}`, { token: relaunch.user.token, timeoutMs: 120_000 });
      const relaunchMs = Date.now() - r0;
      const { rows: now } = await db.query('select host_id from machine_placements where vm_id = $1', [relaunch.id]);
      const ok = started.status === 200 && started.body.vm?.status === 'RUNNING' && now[0]?.host_id === hosts[1].id;
      figures.push(
        figure(label, 'Start relaunches a host-lost machine on the other host', ok ? 'yes' : `no (${started.status})`, 'yes', ok),
        figure(label, 'relaunch time', relaunchMs, '', null, 'ms'),
      );
      // Take control through an API process that did not exist when the machine was launched or its task began.
      const cDir = tempDir('hosts-api-c');
      dirs.push(cDir);
      const c = await startServer({ ...shared, DATA_DIR: cDir });
      servers.push(c);
      figures.push(...(await takeControl(label, { runner: b, viewer: c, machine: relaunch, submitted, pageUrl: `http://${allow}/` })));
    }
  } catch (err) {
    console.error(`${label}: ${err.stack ?? err}`);
    figures.push(figure(label, 'completed without error', 'no', 'yes', false));
  } finally {
    await db.end().catch(() => {});
    await proxy?.close();
    for (const s of servers) await s.kill9();
    for (const h of hosts) await h.stop();
    // The browsers of the host killed with SIGKILL outlive it (their own process groups, as on a real machine,
    // where the host's next start kills them): end them here.
    for (const dir of dirs) spawnSync('pkill', ['-KILL', '-f', '--', `user-data-dir=${dir}/`]);
    page.close();
    pgServer.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/**
 * Take control across processes: a task runs on `machine` through `runner`; the founder watches through `viewer`
 * (another API process) and, over its monitor socket with the live view's token, takes control, clicks the field of
 * the page at `pageUrl`, types and presses Enter (the page's server must receive the text), and hands back; the
 * task then goes on to its end on `runner`.
 */
async function takeControl(label, { runner, viewer, machine, submitted, pageUrl }) {
  const text = `typed by the founder ${randomBytes(3).toString('hex')}`;
  const { token } = machine.user;
  const task = api(runner.url, 'POST', `/api/computer-use/run-task/${machine.id}`, {
    token,
    body: { task: `open ${pageUrl} and wait 5 seconds and wait 5 seconds and wait 5 seconds`, enableLiveUpdates: true },
    timeoutMs: 120_000,
  });
  const vnc = await (async () => {
    for (const until = Date.now() + 30_000; Date.now() < until; await sleep(250)) {
      const r = await api(viewer.url, 'GET', `/api/vms/${machine.id}/vnc`, { token, timeoutMs: 30_000 });
      if (r.status === 200) return r.body.vnc;
    }
    return null;
  })();
  if (!vnc) return [figure(label, 'take control: live view through the other process', 'no token', 'token', false)];
  const monitor = await openMonitor(vnc.port, vnc.password);
  try {
    const control = (founder) => (m) => m.type === 'control' && m.vmId === machine.id && m.founder === founder;
    monitor.send({ type: 'subscribe', vmId: machine.id });
    await monitor.waitFor((m) => m.type === 'subscribed' && m.vmId === machine.id, 10_000);
    // Taken once the AI has opened the page (its first step) and is waiting.
    await monitor.waitFor((m) => m.type === 'stepStart' && m.step >= 2, 30_000);
    const t0 = Date.now();
    monitor.send({ type: 'take_control', vmId: machine.id });
    await monitor.waitFor(control(true), 15_000);
    const tookMs = Date.now() - t0;
    monitor.send({ type: 'input', vmId: machine.id, input: { kind: 'click', ...FIELD_AT } });
    monitor.send({ type: 'input', vmId: machine.id, input: { kind: 'type', text } });
    monitor.send({ type: 'input', vmId: machine.id, input: { kind: 'key', keys: 'Enter' } });
    for (const until = Date.now() + 15_000; !submitted.includes(text) && Date.now() < until; ) await sleep(100);
    const reached = submitted.includes(text);
    monitor.send({ type: 'hand_back', vmId: machine.id });
    const handedBack = await monitor.waitFor(control(false), 15_000).then(() => true, () => false);
    const ended = await task;
    const finished = ended.status === 200 && ended.body.success === true;
    const errors = monitor.messages.filter((m) => m.type === 'error').map((m) => m.message);
    return [
      figure(label, 'take control through another API process than the task\'s: typed text reaches the site', reached ? 'yes' : `no (${errors.join('; ') || 'nothing submitted'})`, 'yes', reached),
      figure(label, 'hand back: the AI goes on and finishes the task', handedBack && finished ? 'yes' : `no (${handedBack}, HTTP ${ended.status} ${JSON.stringify(ended.body).slice(0, 200)})`, 'yes', handedBack && finished),
      figure(label, 'take control → control message', tookMs, '', null, 'ms'),
    ];
  } finally {
    monitor.ws.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs();
  await ensureServerBuilt(args);
  const figures = await hostsProof();
  printFigures(figures, 'machine hosts');
  process.exit(failed(figures) ? 1 : 0);
}
