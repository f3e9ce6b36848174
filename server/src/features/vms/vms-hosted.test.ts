import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunTaskResponse, ScreenshotResponse, VMS, VmResponse } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { machinePlacements } from '../../db/schema.ts';
import { loadHostConfig } from '../../machine-host/host-config.ts';
import { startMachineHost, type MachineHost } from '../../machine-host/machine-host.ts';
import { createHostedVmProvider } from '../../providers/vm/hosted.ts';
import { openTestDatabase } from '../../test/db.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser } from '../../test/users.ts';
import { createViewTokens } from './view-token.ts';
import { createVmsService } from './vms.service.ts';

// Issue 28 §2 through the routes, with two API processes (two servers on one database) and machines on a browser
// host: a full fleet answers 503 "no capacity" (never 502); a machine launched through one process runs a task
// through the other, outlives the first process, and stops, starts and is deleted through the second; a machine
// whose host goes away is stopped with the reason, and Start relaunches it on the other host.
// @postgres-only: machine hosts need a shared PostgreSQL (DATABASE_URL); npm test runs this file in its PostgreSQL
// lane when it has one (scripts/server-test-lanes.mjs).

const CHROMIUM = '/usr/bin/chromium';
const log = pino({ level: 'silent' });
const FORM = `<!doctype html><title>Form</title><label for="name">Name</label> <input id="name" oninput="document.title='typed:'+this.value">`;

describe.skipIf(!existsSync(CHROMIUM))('machines on browser hosts, through the routes of two API processes', () => {
  const hostDir = mkdtempSync(join(tmpdir(), 'cofounder-vms-hosted-'));
  const spareDir = mkdtempSync(join(tmpdir(), 'cofounder-vms-hosted-'));
  const fixture = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(FORM));
  let database: Database;
  let first: TestServer;
  let second: TestServer;
  let host: MachineHost | null = null;
  let spare: MachineHost | null = null;
  let base = '';
  let allow = '';
  let lateUser: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    const port = await new Promise<number>((done) => fixture.listen(0, '127.0.0.1', () => done((fixture.address() as { port: number }).port)));
    base = `http://127.0.0.1:${port}`;
    allow = `127.0.0.1:${port}`;
    database = await openTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', VM_ALLOW_HOSTS: allow });
    const api = (publicUrl?: string) =>
      startTestServer({
        ...CHAT_TEST_OPTIONS,
        database,
        vm: createHostedVmProvider(config, database.db, log, Date.now),
        // One public address for both, as behind the round-robin proxy: a token from one is good at the other.
        configure: (c) => {
          if (publicUrl) c.publicUrl = publicUrl;
        },
      });
    first = await api();
    second = await api(first.baseUrl);
    // Signed up while the first process answers the confirmation link (the shared public address is its own).
    lateUser = await signedInUser(second);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await host?.close();
    await spare?.close();
    await database?.close();
    fixture.close();
    rmSync(hostDir, { recursive: true, force: true });
    rmSync(spareDir, { recursive: true, force: true });
  });

  it('answers 503 "no capacity" while no host has room', async () => {
    // The dashboard says where machines run (the VMs screen's hosted-mode note).
    const config = (await (await call(first, 'GET', '/api/config')).json()) as { vm: unknown };
    expect(config.vm).toEqual({ available: true, mode: 'local', reason: null, hosted: true, pool: false });
    const user = await signedInUser(first);
    const res = await call(first, 'POST', '/api/vms/launch', { token: user.token, body: {} });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(VMS.serverBusyRetryAfterSeconds));
    expect(await res.json()).toEqual({ error: { code: 'server_busy', message: VMS.texts.fleetFull } });
    // No card is left behind for a machine that never started.
    const list = await call(first, 'GET', '/api/vms/list', { token: user.token });
    expect(((await list.json()) as { vms: unknown[] }).vms).toEqual([]);
  });

  it('runs a machine launched through one process from the other, after the first has stopped', { timeout: 120_000 }, async () => {
    host = await startMachineHost(
      loadHostConfig({
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        MACHINE_HOST_PORT: '0',
        MACHINE_HOST_SECRET: 'a-secret-for-the-routes-test-of-32-chars',
        MACHINE_HOST_DATA_DIR: hostDir,
        VM_ALLOW_HOSTS: allow,
      }),
      database.db,
      log,
    );
    const user = await signedInUser(first);
    const launched = await call(first, 'POST', '/api/vms/launch', { token: user.token, body: {} });
    expect(launched.status).toBe(200);
    const vm = VmResponse.parse(await launched.json()).vm;
    expect(vm).toMatchObject({ status: 'RUNNING', provider: 'hosted' });

    const post = (path: string, body: unknown = {}) => call(second, 'POST', path, { token: user.token, body });
    // The live view through the other process (as a round-robin proxy may send it): it takes the driving over.
    const view = await call(second, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token });
    expect(view.status, await view.clone().text()).toBe(200);
    expect(((await view.json()) as { vnc: { kind: string } }).vnc.kind).toBe('screencast');
    expect(second.vm.holds(vm.id)).toBe(true);
    const ran = await post(`/api/computer-use/run-task/${vm.id}`, { task: `open ${base}/form.html and type hello into the name field` });
    const body: unknown = await ran.json();
    expect(ran.status, JSON.stringify(body)).toBe(200);
    const run = RunTaskResponse.parse(body);
    expect(run).toMatchObject({ success: true });

    await first.close();
    const shot = ScreenshotResponse.parse(await (await post(`/api/computer-use/screenshot/${vm.id}`)).json());
    expect(shot.screenshot).toMatch(/^data:image\/jpeg;base64,\/9j/);

    for (const [action, status] of [
      ['stop', 'STOPPED'],
      ['start', 'RUNNING'],
      ['terminate', 'TERMINATED'],
    ] as const) {
      const res = await post(`/api/vms/${action}/${vm.id}`);
      expect(res.status).toBe(200);
      expect(VmResponse.parse(await res.json()).vm.status).toBe(status);
    }
    expect(existsSync(join(hostDir, 'vms', vm.id))).toBe(false);
  });

  it('stops a machine whose host went away, saying so, and Start relaunches it on the other host', { timeout: 120_000 }, async () => {
    spare = await startMachineHost(
      loadHostConfig({
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        MACHINE_HOST_PORT: '0',
        MACHINE_HOST_SECRET: 'the-spare-host-secret-of-at-least-32-chars',
        MACHINE_HOST_DATA_DIR: spareDir,
        VM_ALLOW_HOSTS: allow,
      }),
      database.db,
      log,
    );
    const user = lateUser;
    const post = (path: string) => call(second, 'POST', path, { token: user.token, body: {} });
    const vm = VmResponse.parse(await (await post('/api/vms/launch')).json()).vm;
    const placedOn = async () =>
      (await database.db.select().from(machinePlacements).where(eq(machinePlacements.vmId, vm.id)))[0]?.hostId;
    const first = await placedOn();
    const [gone, other] = first === host!.id ? [host!, spare] : [spare, host!];
    await gone.close();

    const service = createVmsService({
      db: database.db,
      vm: second.vm,
      node: 'sweep',
      monitorPort: 0,
      now: Date.now,
      log,
      events: null,
      viewTokens: createViewTokens(randomBytes(32), Date.now),
      stopTask: async () => undefined,
    });
    expect(await service.stopHostLost()).toBe(1);
    // A second sweep (another process's) finds nothing left to do.
    expect(await service.stopHostLost()).toBe(0);
    // The card says why it stopped (and offers Relaunch) until the founder acts on it.
    const listed = (await (await call(second, 'GET', '/api/vms/list', { token: user.token })).json()) as { vms: { id: string; status: string }[] };
    expect(listed.vms.find((v) => v.id === vm.id)).toMatchObject({ status: 'STOPPED', stopReason: 'host_lost' });

    const started = await post(`/api/vms/start/${vm.id}`);
    expect(started.status).toBe(200);
    expect(VmResponse.parse(await started.json()).vm).toMatchObject({ status: 'RUNNING', stopReason: null });
    expect(await placedOn()).toBe(other.id);
    const shot = ScreenshotResponse.parse(await (await post(`/api/computer-use/screenshot/${vm.id}`)).json());
    expect(shot.screenshot).toMatch(/^data:image\/jpeg;base64,\/9j/);
    expect((await post(`/api/vms/terminate/${vm.id}`)).status).toBe(200);
  });

  it('deletes a stopped machine whose host is gone (nothing is left to reach there)', { timeout: 60_000 }, async () => {
    const post = (path: string) => call(second, 'POST', path, { token: lateUser.token, body: {} });
    const vm = VmResponse.parse(await (await post('/api/vms/launch')).json()).vm;
    expect((await post(`/api/vms/stop/${vm.id}`)).status).toBe(200);
    // Both hosts shut down: the machine's host is gone, whichever it was.
    await host!.close();
    await spare!.close();
    expect((await post(`/api/vms/terminate/${vm.id}`)).status).toBe(200);
    const placements = await database.db.select().from(machinePlacements).where(eq(machinePlacements.vmId, vm.id));
    expect(placements).toEqual([]);
  });
});
