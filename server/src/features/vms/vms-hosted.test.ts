import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunTaskResponse, ScreenshotResponse, VMS, VmResponse } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { loadHostConfig } from '../../machine-host/host-config.ts';
import { startMachineHost, type MachineHost } from '../../machine-host/machine-host.ts';
import { createHostedVmProvider } from '../../providers/vm/hosted.ts';
import { openTestDatabase } from '../../test/db.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser } from '../../test/users.ts';

// Issue 28 §2 through the routes, with two API processes (two servers on one database) and machines on a browser
// host: a full fleet answers 503 "no capacity" (never 502); a machine launched through one process runs a task
// through the other, outlives the first process, and stops, starts and is deleted through the second.

const CHROMIUM = '/usr/bin/chromium';
const log = pino({ level: 'silent' });
const FORM = `<!doctype html><title>Form</title><label for="name">Name</label> <input id="name" oninput="document.title='typed:'+this.value">`;

describe.skipIf(!existsSync(CHROMIUM))('machines on browser hosts, through the routes of two API processes', () => {
  const hostDir = mkdtempSync(join(tmpdir(), 'cofounder-vms-hosted-'));
  const fixture = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(FORM));
  let database: Database;
  let first: TestServer;
  let second: TestServer;
  let host: MachineHost | null = null;
  let base = '';
  let allow = '';

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
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await host?.close();
    await database?.close();
    fixture.close();
    rmSync(hostDir, { recursive: true, force: true });
  });

  it('answers 503 "no capacity" while no host has room', async () => {
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
});
