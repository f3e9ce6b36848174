import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunTaskResponse, ScreenshotResponse, VmResponse, VmTaskResponse, VncResponse } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import { createVmProvider } from '../../providers/vm/registry.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser } from '../../test/users.ts';

// One real Chromium machine through the routes: launch, its view, a task typed into a page served by the test
// (allow-listed for this test only), a screenshot, stop, start and terminate twice.

const CHROMIUM = '/usr/bin/chromium';
const FORM = `<!doctype html><title>Form</title><label for="name">Name</label> <input id="name" oninput="document.title='typed:'+this.value">`;

describe.skipIf(!existsSync(CHROMIUM))('machines on the real local provider', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-vms-local-'));
  const fixture = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(FORM));
  let t: TestServer;
  let base = '';

  beforeAll(async () => {
    const port = await new Promise<number>((done) => fixture.listen(0, '127.0.0.1', () => done((fixture.address() as { port: number }).port)));
    base = `http://127.0.0.1:${port}`;
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, VM_CHROMIUM_PATH: CHROMIUM, VM_ALLOW_HOSTS: `127.0.0.1:${port}` });
    t = await startTestServer({ ...CHAT_TEST_OPTIONS, vm: createVmProvider(config, pino({ level: 'silent' })) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fixture.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('launches, shows its view, runs a task, and goes through stop, start and terminate', { timeout: 120_000 }, async () => {
    const user = await signedInUser(t);
    const post = (path: string, body: unknown = {}) => call(t, 'POST', path, { token: user.token, body });
    const launched = await post('/api/vms/launch');
    expect(launched.status).toBe(200);
    const vm = VmResponse.parse(await launched.json()).vm;
    expect(vm).toMatchObject({ status: 'RUNNING', provider: 'local' });
    expect(vm.machineType).not.toBe('');

    await expect
      .poll(async () => (await call(t, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token })).status, { timeout: 30_000, interval: 500 })
      .toBe(200);
    const { vnc } = VncResponse.parse(await (await call(t, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token })).json());
    expect(vnc.kind).toBe('screencast');

    const run = RunTaskResponse.parse(await (await post(`/api/computer-use/run-task/${vm.id}`, { task: `open ${base}/form.html and type hello into the name field` })).json());
    expect(run).toMatchObject({ success: true });
    expect(run.finalScreenshot).toMatch(/^data:image\/jpeg;base64,\/9j/);
    const timeline = VmTaskResponse.parse(await (await call(t, 'GET', `/api/computer-use/task/${vm.id}`, { token: user.token })).json());
    expect(timeline.decisions.map((d) => d.action)).toEqual(['navigate', 'click', 'type', 'done']);

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
    // Delete is permanent: the machine is gone.
    expect((await post(`/api/vms/terminate/${vm.id}`)).status).toBe(404);
    expect((await call(t, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token })).status).toBe(404);
  });
});
