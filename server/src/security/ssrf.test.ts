import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VmResponse, VmTaskResponse } from '@cofounder/shared';
import { loadConfig } from '../config.ts';
import { createVmProvider } from '../providers/vm/registry.ts';
import { givePlan } from '../test/billing.ts';
import { travel } from '../test/clock.ts';
import { CHAT_TEST_OPTIONS } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Issue 13 §4: the two places the server fetches or opens a URL someone else chose — the LinkedIn avatar proxy and
// a machine's navigation — against the cloud metadata address, IPv6 loopback, decimal IPv4, a redirect into the
// network, file: and gopher:. A canary listening on loopback must see no request at all.

const CHROMIUM = '/usr/bin/chromium';

const listen = (server: Server) =>
  new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)));

let canaryHits = 0;
const canary = createServer((_req, res) => {
  canaryHits += 1;
  res.end('canary');
});
let canaryPort = 0;
// An allow-listed page (as a test fixture is) whose /go redirects into the network: the redirect must not pass.
let fixturePort = 0;
const fixture = createServer((req, res) => {
  if (req.url === '/go') return void res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/after-redirect` }).end();
  res.writeHead(200, { 'content-type': 'text/html' }).end('<title>fixture</title><p>ok</p>');
});
const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-ssrf-'));
let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  canaryPort = await listen(canary);
  fixturePort = await listen(fixture);
  const vmConfig = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, VM_CHROMIUM_PATH: CHROMIUM, VM_ALLOW_HOSTS: `127.0.0.1:${fixturePort}` });
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    ...(existsSync(CHROMIUM) ? { vm: createVmProvider(vmConfig, pino({ level: 'silent' })) } : {}),
  });
  user = await signedInUser(t);
  await givePlan(t.database, user.id, 'builder');
}, 60_000);
afterAll(async () => {
  await t?.close();
  canary.close();
  fixture.close();
  vi.useRealTimers(); // travel() faked Date
  rmSync(dataDir, { recursive: true, force: true });
});

const hostile = () => [
  'http://169.254.169.254/latest/meta-data/',
  'https://169.254.169.254/latest/meta-data/',
  `http://[::1]:${canaryPort}/`,
  `https://[::1]:${canaryPort}/`,
  `http://2130706433:${canaryPort}/`,
  `https://2130706433:${canaryPort}/`,
  `http://0x7f000001:${canaryPort}/`,
  `http://127.1:${canaryPort}/`,
  `http://localhost:${canaryPort}/`,
  `https://127.0.0.1:${canaryPort}/`,
  'file:///etc/passwd',
  `gopher://127.0.0.1:${canaryPort}/_GET%20/`,
];

describe('SSRF (issue 13 §4)', () => {
  it('the avatar proxy refuses every internal target without touching it', async () => {
    for (const url of [...hostile(), `https://media.licdn.com.127.0.0.1.nip.io:${canaryPort}/x.jpg`]) {
      const res = await call(t, 'GET', `/api/investor-outreach/${user.id}/linkedin-avatar?url=${encodeURIComponent(url)}`, { token: user.token });
      expect(res.status, url).toBe(400);
    }
    expect(canaryHits).toBe(0);
  });

  it.skipIf(!existsSync(CHROMIUM))('a machine told to open them is blocked every time, redirects included', { timeout: 180_000 }, async () => {
    const launched = await call(t, 'POST', '/api/vms/launch', { token: user.token, body: {} });
    expect(launched.status).toBe(200);
    const vm = VmResponse.parse(await launched.json()).vm;
    const targets = [...hostile(), `http://127.0.0.1:${fixturePort}/go`];
    const outcomes: string[] = [];
    // One task per target (a blocked step ends nothing: the planner goes on), so each result is its own.
    for (const url of targets) {
      await call(t, 'POST', `/api/computer-use/run-task/${vm.id}`, { token: user.token, body: { task: `open ${url}` } });
      travel(60_000); // past the per-minute task budget
      const { decisions } = VmTaskResponse.parse(await (await call(t, 'GET', `/api/computer-use/task/${vm.id}`, { token: user.token })).json());
      outcomes.push(`${url} → ${decisions.map((d) => d.action).join(',')}`);
    }
    // The machine itself works: the allow-listed page opens (so the blocks above are the guard, not a dead machine).
    const control = await call(t, 'POST', `/api/computer-use/run-task/${vm.id}`, {
      token: user.token,
      body: { task: `open http://127.0.0.1:${fixturePort}/` },
    });
    expect(await control.json()).toMatchObject({ success: true });
    expect(outcomes.every((o) => o.includes('navigate'))).toBe(true);
    console.log(`ssrf: ${targets.length} machine targets and ${hostile().length + 1} avatar targets, canary hits = ${canaryHits} (threshold 0)`);
    expect(outcomes).toHaveLength(targets.length);
    expect(canaryHits).toBe(0);
    await call(t, 'POST', `/api/vms/terminate/${vm.id}`, { token: user.token, body: {} });
  });
});
