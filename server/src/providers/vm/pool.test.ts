import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VMS } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import { createVmProvider } from './registry.ts';
import { VmCapacityError, type VmProvider } from './port.ts';
import { endpointLabel } from './pool.ts';

// Machines on a plain DevTools endpoint (issue 28 §1, VM_HOSTS=capacity@ws://…): a Chromium started here with
// --remote-debugging-port stands for the pool. Each machine is a context of its own on it, its requests go through
// this process's egress proxy (a canary on loopback, not allow-listed, must see nothing), and its cookies outlive
// a stop.

const CHROMIUM = '/usr/bin/chromium';
const log = pino({ level: process.env.VM_TEST_LOG ?? 'silent' });

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** A Chromium with a DevTools endpoint on loopback, as a pool runs them; resolves with its ws:// address. */
function startEndpoint(profile: string): Promise<{ url: string; child: ChildProcess }> {
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no DevTools endpoint:\n${output}`)), 30_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    });
  });
}

describe.skipIf(!existsSync(CHROMIUM))('machines on a plain DevTools endpoint (VM_HOSTS=capacity@ws://…)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-pool-'));
  let canaryHits = 0;
  const canary = createServer((_req, res) => {
    canaryHits++;
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('canary');
  });
  let canaryPort = 0;
  let base = '';
  const fixture = createServer((req, res) => {
    const html = (body: string, headers: Record<string, string> = {}) => res.writeHead(200, { 'content-type': 'text/html', ...headers }).end(body);
    if (req.url === '/set') return html('<title>set</title>', { 'set-cookie': 'machine=alpha; Path=/; Max-Age=3600' });
    // A page script reaching for the canary: a proxied request is refused (no CORS header: the fetch fails).
    if (req.url === '/reach')
      return html(`<title>reach</title><script>fetch('http://127.0.0.1:${canaryPort}/').then((r) => (document.title = 'answered ' + r.status), () => (document.title = 'failed'));</script>`);
    if (req.url === '/ticker')
      return html(`<title>[]</title><script>const t = []; setInterval(() => { t.push(Date.now()); document.title = JSON.stringify(t.slice(-40)); }, 100);</script>`);
    return html(`<title>cookies:${req.headers.cookie ?? ''}</title>`);
  });
  let endpoint: { url: string; child: ChildProcess };
  let vm: VmProvider;

  beforeAll(async () => {
    canaryPort = await listen(canary);
    base = `http://127.0.0.1:${await listen(fixture)}`;
    endpoint = await startEndpoint(join(dataDir, 'endpoint-profile'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, VM_HOSTS: `2@${endpoint.url}`, VM_ALLOW_HOSTS: base.slice('http://'.length) });
    vm = createVmProvider(config, log);
  }, 60_000);
  afterAll(async () => {
    await vm?.shutdown();
    endpoint?.child.kill('SIGKILL');
    canary.close();
    fixture.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const title = async (id: string) => (await vm.observe(id)).title;
  const open = async (id: string, path: string) => expect(await vm.act(id, { type: 'navigate', url: `${base}${path}` })).toMatchObject({ result: 'ok' });

  it('gives each machine a context of its own, held by this process, and refuses one beyond the capacity', async () => {
    expect(vm).toMatchObject({ kind: 'local', pool: true, maxMachines: 2 });
    expect(vm.describe).toContain(`${endpointLabel(endpoint.url)} ×2`);
    expect(vm.describe).not.toContain('/devtools/browser/');
    await vm.launch('a');
    await vm.launch('b');
    expect(vm.holds('a') && vm.holds('b')).toBe(true);
    await open('a', '/set');
    await open('a', '/');
    expect(await title('a')).toBe('cookies:machine=alpha');
    await open('b', '/');
    expect(await title('b')).toBe('cookies:');
    await expect(vm.launch('c')).rejects.toThrow(new VmCapacityError(VMS.texts.fleetFull));
  }, 60_000);

  it("sends a machine's every request through this server's egress proxy", async () => {
    await open('b', '/reach');
    await expect.poll(() => title('b'), { timeout: 10_000 }).toBe('failed');
    expect(canaryHits).toBe(0);
  }, 30_000);

  it('freezes its pages while suspended, and keeps its cookies across stop and start', async () => {
    await open('a', '/ticker');
    await expect.poll(async () => JSON.parse(await title('a')).length, { timeout: 10_000 }).toBeGreaterThan(2);
    await vm.suspend('a');
    const frozenAt = Date.now();
    await sleep(1000);
    const thawedAt = Date.now();
    await vm.resume('a');
    const ticks = JSON.parse(await title('a')) as number[];
    // No tick while frozen (a margin for the one under way when the freeze came).
    expect(ticks.filter((t) => t > frozenAt + 300 && t < thawedAt)).toEqual([]);

    await vm.stop('a');
    expect(vm.holds('a')).toBe(false);
    expect(existsSync(join(dataDir, 'vms', 'a', 'state.json'))).toBe(true);
    await vm.start('a');
    await open('a', '/');
    expect(await title('a')).toBe('cookies:machine=alpha');
    await vm.terminate('a');
    expect(existsSync(join(dataDir, 'vms', 'a'))).toBe(false);
    // Its place is free again.
    await vm.launch('c');
  }, 60_000);
});
