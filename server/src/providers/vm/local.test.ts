import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VMS } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import { killOrphans, profileDir } from './chromium-process.ts';
import { CHROMIUM_MISSING, createLocalVmProvider } from './local.ts';
import { VmCapacityError, type VmProvider } from './port.ts';

// One real Chromium machine driven through the whole life cycle (launch, act, observe, watch, suspend, stop,
// start, terminate), against a fixture server on loopback that only the test allow-lists, and a canary on
// loopback that is not allow-listed: every way of reaching the canary must be blocked and it must see 0 hits.

const CHROMIUM = '/usr/bin/chromium';
const log = pino({ level: process.env.VM_TEST_LOG ?? 'silent' });

const FORM = `<!doctype html><title>Form</title>
<form action="/submitted"><label for="name">Name</label> <input id="name" name="name"
  oninput="document.title = 'typed:' + this.value"> <button>Send</button></form>
<form><input type="password" placeholder="Password"><button>Log in</button></form>
<input type="hidden" name="secret"><a href="/other">Other page</a>`;

function listen(server: Server, host = '127.0.0.1', port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as { port: number }).port));
  });
}

const jpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8;
const pidOf = (dataDir: string, id: string) => Number(readFileSync(join(dataDir, 'vms', id, 'pid'), 'utf8').split(' ')[0]);
const procState = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[0];

describe.skipIf(!existsSync(CHROMIUM))('local VM provider (real Chromium)', () => {
  let canaryHits = 0;
  const canary = createServer((_req, res) => {
    canaryHits++;
    res.end('canary');
  });
  let canaryPort = 0;
  let fixtureBase = '';
  const fixture = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    if (url.pathname === '/form.html') return html(FORM);
    if (url.pathname === '/submitted') return html(`<title>got ${url.searchParams.get('name')}</title>`);
    // Sub-resources and scripts aimed at the canary: they go through the egress proxy, which must refuse them.
    if (url.pathname === '/sneaky.html')
      return html(`<title>sneaky</title><img src="http://127.0.0.1:${canaryPort}/img">
        <script>const img = document.querySelector('img');
        const tries = [new Promise((r) => (img.complete ? r() : (img.onload = img.onerror = r))),
          fetch('http://localhost:${canaryPort}/f').catch(() => {}), fetch('https://127.0.0.1:${canaryPort}/s').catch(() => {}),
          new Promise((r) => { try { new WebSocket('ws://127.0.0.1:${canaryPort}/w').onclose = r; } catch { r(); } })];
        Promise.all(tries).then(() => { document.title = 'sneaky: all tried'; });</script>`);
    if (url.pathname === '/links.html')
      return html(`<title>links</title><style>a { display: block; font-size: 40px; margin: 10px }</style>
        <a href="https://169.254.169.254/">Metadata</a><a href="http://127.0.0.1:${canaryPort}/">Canary</a>
        <a href="file:///etc/passwd">Passwords</a><a href="chrome://settings">Settings</a>
        <a href="/form.html" target="_blank">Popup</a>`);
    if (url.pathname === '/redirect') return res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/redirected` }).end();
    if (url.pathname === '/store') return html(`<script>localStorage.setItem('kept', ${JSON.stringify(url.searchParams.get('v'))}); document.title = 'stored'</script>`);
    if (url.pathname === '/read') return html(`<script>document.title = 'read:' + localStorage.getItem('kept')</script>`);
    if (url.pathname === '/animated')
      return html(`<title>animated</title><div id="n" style="font-size:80px">0</div>
        <script>let i = 0; setInterval(() => { document.getElementById('n').textContent = ++i }, 30)</script>`);
    res.writeHead(404).end();
  });

  const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-vm-'));
  let vms: VmProvider;

  beforeAll(async () => {
    canaryPort = await listen(canary);
    const fixturePort = await listen(fixture);
    fixtureBase = `http://127.0.0.1:${fixturePort}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      VM_CHROMIUM_PATH: CHROMIUM,
      VM_ALLOW_HOSTS: `127.0.0.1:${fixturePort}`,
      VM_MAX_LOCAL_MACHINES: '1',
    });
    vms = createLocalVmProvider(config, log);
  });

  afterAll(async () => {
    await vms?.shutdown();
    canary.close();
    fixture.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('launches a machine that can be seen, and refuses one over the server limit', { timeout: 60_000 }, async () => {
    expect(vms.available).toBe(true);
    expect(await vms.launch('m1')).toEqual({ machineType: `chromium-${VMS.viewport.width}x${VMS.viewport.height}`, externalIp: null });
    expect(vms.holds('m1')).toBe(true);
    expect(vms.viewReady('m1')).toBe(true);
    expect(existsSync(profileDir(dataDir, 'm1'))).toBe(true);
    // A full server is busy (the route answers 503 with Retry-After), not a failed machine (502).
    expect(vms.maxMachines).toBe(1);
    const full = vms.launch('m2');
    await expect(full).rejects.toThrow('This server is already running 1 machines. Stop one first.');
    await expect(full).rejects.toBeInstanceOf(VmCapacityError);
    expect(await vms.vnc('m1')).toBeNull();
  });

  it('opens a page, finds the labelled field, clicks it and types', { timeout: 60_000 }, async () => {
    expect(await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/form.html` })).toEqual({ result: 'ok', detail: `Opened ${fixtureBase}/form.html` });
    const seen = await vms.observe('m1');
    expect(jpeg(seen.screenshot)).toBe(true);
    expect(seen).toMatchObject({ url: `${fixtureBase}/form.html`, title: 'Form' });
    const field = seen.elements.find((e) => e.name === 'Name');
    expect(field).toMatchObject({ role: 'textbox', tag: 'input', type: 'text', inSensitiveForm: false });
    expect(seen.elements.find((e) => e.name === 'Log in')).toMatchObject({ role: 'button', inSensitiveForm: true });
    expect(seen.elements.find((e) => e.name === 'Password')).toMatchObject({ type: 'password', inSensitiveForm: true });
    expect(seen.elements.find((e) => e.name === 'Other page')).toMatchObject({ role: 'link', tag: 'a' });
    expect(seen.elements.some((e) => e.name === 'secret')).toBe(false);

    const x = field!.x + field!.width / 2;
    const y = field!.y + field!.height / 2;
    expect((await vms.act('m1', { type: 'click', x, y })).result).toBe('ok');
    expect(await vms.act('m1', { type: 'type', text: 'hello' })).toEqual({ result: 'ok', detail: 'Typed 5 characters' });
    expect((await vms.observe('m1')).title).toBe('typed:hello');
    // Enter submits the form; act waits for the page it leads to.
    expect((await vms.act('m1', { type: 'key', keys: 'Enter' })).result).toBe('ok');
    const after = await vms.observe('m1');
    expect(after).toMatchObject({ title: 'got hello', url: `${fixtureBase}/submitted?name=hello` });
    expect((await vms.act('m1', { type: 'key', keys: 'NoSuchKey' })).result).toBe('failed');
    expect((await vms.act('m1', { type: 'scroll', x: 10, y: 10, dx: 0, dy: 200 })).result).toBe('ok');
    expect(await vms.act('m1', { type: 'wait', ms: 60_000 })).toEqual({ result: 'ok', detail: 'Waited 5000 ms' });
  });

  it('blocks the server, loopback in every spelling, redirects to it, metadata and local schemes', { timeout: 60_000 }, async () => {
    const targets = [
      `http://127.0.0.1:${canaryPort}/`,
      `http://2130706433:${canaryPort}/`,
      `http://0x7f000001:${canaryPort}/`,
      `http://localhost:${canaryPort}/`,
      `http://[::1]:${canaryPort}/`,
      `${fixtureBase}/redirect`,
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1/',
      'https://10.0.0.1/',
      'file:///etc/passwd',
      'chrome://settings',
      'javascript:alert(1)',
      'data:text/html,<h1>x</h1>',
      'gopher://127.0.0.1:70/',
    ];
    for (const url of targets) {
      const done = await vms.act('m1', { type: 'navigate', url });
      expect(done.result, url).toBe('blocked');
      expect(done.detail, url).toMatch(/^Blocked: /);
    }
    expect((await vms.act('m1', { type: 'navigate', url: 'http://169.254.169.254/' })).detail).toBe('Blocked: private address 169.254.169.254');
    expect((await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/redirect` })).detail).toBe(`Blocked: port ${canaryPort} is not allowed`);
    expect(await vms.act('m1', { type: 'navigate', url: 'http://nowhere.invalid/' })).toEqual({ result: 'failed', detail: 'nowhere.invalid could not be found' });
    // Requests the page makes by itself (image, fetch, https fetch, websocket) meet the proxy too.
    expect((await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/sneaky.html` })).result).toBe('ok');
    // Every one of them has had its answer (the page says so) before the canary's count is read.
    await expect.poll(async () => (await vms.observe('m1')).title, { timeout: 10_000 }).toBe('sneaky: all tried');
    expect(canaryHits).toBe(0);
  });

  it('blocks links to internal targets and local schemes, and follows a popup', { timeout: 60_000 }, async () => {
    const click = async (name: string) => {
      expect((await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/links.html` })).result).toBe('ok');
      const link = (await vms.observe('m1')).elements.find((e) => e.name === name)!;
      return vms.act('m1', { type: 'click', x: link.x + 5, y: link.y + 5 });
    };
    expect(await click('Metadata')).toEqual({ result: 'blocked', detail: 'Blocked: private address 169.254.169.254' });
    expect(await click('Canary')).toEqual({ result: 'blocked', detail: `Blocked: port ${canaryPort} is not allowed` });
    // Chromium itself refuses a web page's navigation to file: and chrome: URLs.
    await click('Passwords');
    expect((await vms.observe('m1')).url).toBe(`${fixtureBase}/links.html`);
    await click('Settings');
    expect((await vms.observe('m1')).url).toBe(`${fixtureBase}/links.html`);
    expect((await click('Popup')).result).toBe('ok');
    expect((await vms.observe('m1')).url).toBe(`${fixtureBase}/form.html`);
    expect(canaryHits).toBe(0);
  });

  it('streams the screen to watchers at most VMS.liveFramesPerSecond frames a second', { timeout: 60_000 }, async () => {
    const frames: number[] = [];
    const stopWatching = vms.watch('m1', () => frames.push(Date.now()));
    const other: Buffer[] = [];
    const stopOther = vms.watch('m1', (f) => other.push(f));
    await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/animated` });
    // At least 3 s of frames (the rate is measured over them); a loaded machine may start the stream late.
    const began = Date.now();
    await vi.waitFor(
      () => {
        if (frames.length < 3 || Date.now() - began < 3000) throw new Error(`${frames.length} frames so far`);
      },
      { timeout: 30_000, interval: 200 },
    );
    stopWatching();
    stopOther();
    const seconds = (frames.at(-1)! - frames[0]!) / 1000;
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(other.length).toBe(frames.length);
    expect(jpeg(other[0]!)).toBe(true);
    expect(frames.length - 1).toBeLessThanOrEqual(Math.ceil(seconds * VMS.liveFramesPerSecond) + 1);
    // The screen keeps changing: a watcher that comes later gets frames, the stopped ones none of them.
    const settled = frames.length;
    const later: Buffer[] = [];
    const stopLater = vms.watch('m1', (f) => later.push(f));
    await expect.poll(() => later.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    stopLater();
    expect(frames.length).toBe(settled);
    expect(other.length).toBe(settled);
  });

  it('suspends (the process is stopped), resumes, keeps the profile across stop and start, and terminates', { timeout: 60_000 }, async () => {
    expect((await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/store?v=kept-value` })).result).toBe('ok');
    const pid = pidOf(dataDir, 'm1');
    await vms.suspend('m1');
    expect(procState(pid)).toBe('T');
    await expect(vms.screenshot('m1')).rejects.toThrow('The machine is suspended. Resume it first.');
    await vms.resume('m1');
    expect(procState(pid)).not.toBe('T');
    expect(jpeg(await vms.screenshot('m1'))).toBe(true);

    await vms.stop('m1');
    expect(vms.holds('m1')).toBe(false);
    expect(vms.viewReady('m1')).toBe(false);
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    expect(existsSync(profileDir(dataDir, 'm1'))).toBe(true);
    await expect(vms.screenshot('m1')).rejects.toThrow(VMS.texts.notRunning);

    await vms.start('m1');
    expect(vms.viewReady('m1')).toBe(true);
    await vms.act('m1', { type: 'navigate', url: `${fixtureBase}/read` });
    expect((await vms.observe('m1')).title).toBe('read:kept-value');

    await vms.terminate('m1');
    expect(vms.holds('m1')).toBe(false);
    expect(existsSync(join(dataDir, 'vms', 'm1'))).toBe(false);
    await vms.terminate('m1');
  });
});

describe('local VM provider without Chromium', () => {
  it('is unavailable and says how to fix it', async () => {
    const vms = createLocalVmProvider(loadConfig({ VM_CHROMIUM_PATH: '/nonexistent/chromium' }), log);
    expect(vms).toMatchObject({ available: false, unavailableReason: CHROMIUM_MISSING, kind: 'local', mode: 'local' });
    await expect(vms.launch('x')).rejects.toThrow(CHROMIUM_MISSING);
    expect(() => vms.watch('x', () => {})).toThrow(CHROMIUM_MISSING);
    expect(vms.holds('x')).toBe(false);
  });
});

describe('killOrphans', () => {
  it('kills a process left running with a machine profile, and never an unrelated one or one whose server runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-vm-orphans-'));
    try {
      const start = (id: string, arg: string, owner = '') => {
        mkdirSync(join(dataDir, 'vms', id), { recursive: true });
        const child = spawn('sh', ['-c', 'sleep 60', arg], { detached: true, stdio: 'ignore' });
        writeFileSync(join(dataDir, 'vms', id, 'pid'), `${child.pid} ${owner}`.trim());
        return child;
      };
      const orphan = start('left', profileDir(dataDir, 'left'), '999999999');
      const unrelated = start('other', 'something-else');
      const owned = start('owned', profileDir(dataDir, 'owned'), String(process.pid));
      const gone = new Promise((resolve) => orphan.once('exit', resolve));
      killOrphans(dataDir, log);
      await gone;
      expect(unrelated.exitCode).toBeNull();
      expect(owned.exitCode).toBeNull();
      expect(existsSync(join(dataDir, 'vms', 'left', 'pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'vms', 'owned', 'pid'))).toBe(true);
      for (const child of [unrelated, owned]) process.kill(-child.pid!, 'SIGKILL');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
