import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Database } from '../db/client.ts';
import { machineHosts } from '../db/schema.ts';
import { openTestDatabase } from '../test/db.ts';
import { loadHostConfig } from './host-config.ts';
import { startMachineHost, type MachineHost } from './machine-host.ts';

// Issue 28 §1: a browser host registers in the database, heartbeats, runs machines' browsers within its
// capacity behind its secret, and relays their DevTools protocol: a client that disconnects leaves the browser
// (and its page) running for the next client.
// @postgres-only: machine hosts need a shared PostgreSQL (DATABASE_URL); npm test runs this file in its PostgreSQL
// lane when it has one (scripts/server-test-lanes.mjs).

const CHROMIUM = '/usr/bin/chromium';
const SECRET = 'a-test-secret-of-at-least-32-characters';
const log = pino({ level: 'silent' });

describe.skipIf(!existsSync(CHROMIUM))('machine host (real Chromium)', () => {
  let database: Database;
  let host: MachineHost;
  let dataDir: string;
  const auth = { authorization: `Bearer ${SECRET}` };
  const call = (method: string, path: string, headers: Record<string, string> = auth) =>
    fetch(`${host.address}${path}`, { method, headers });
  const cdpUrl = (id: string) => `${host.address.replace(/^http/, 'ws')}/v1/machines/${id}/cdp`;
  const hostRow = async () =>
    (await database.db.select().from(machineHosts).where(eq(machineHosts.id, host.id)))[0]!;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'cofounder-host-'));
    const config = loadHostConfig({
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      MACHINE_HOST_PORT: '0',
      MACHINE_HOST_CAPACITY: '2',
      MACHINE_HOST_SECRET: SECRET,
      MACHINE_HOST_DATA_DIR: dataDir,
      VM_CHROMIUM_PATH: CHROMIUM,
    });
    host = await startMachineHost(config, database.db, log);
  });

  afterAll(async () => {
    await host?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers with its address, capacity and versions, and keeps its secret out of the address', async () => {
    const row = await hostRow();
    expect(row).toMatchObject({ address: host.address, capacity: 2, machines: 0, secret: SECRET, stoppedAt: null });
    expect(row.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(row.version).toMatch(/^cofounder .+, Chromium \d+/);
    expect(Date.now() - row.heartbeatAt.getTime()).toBeLessThan(10_000);
  });

  it('answers 401 without the secret, on the API and on the DevTools relay', async () => {
    const id = randomUUID();
    expect((await call('GET', '/v1/health', {})).status).toBe(401);
    expect((await call('PUT', `/v1/machines/${id}`, { authorization: 'Bearer wrong' })).status).toBe(401);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(cdpUrl(id));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(refused).toBe(401);
    expect((await call('GET', '/v1/machines/not-a-machine')).status).toBe(404);
  });

  it('runs a machine whose page outlives the client that drove it, and counts it in its heartbeat', async () => {
    const id = randomUUID();
    const started = await call('PUT', `/v1/machines/${id}`);
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ cdpPath: `/v1/machines/${id}/cdp` });

    const first = await chromium.connectOverCDP(cdpUrl(id), { headers: auth });
    const page = first.contexts()[0]!.pages()[0]!;
    await page.setContent('<title>Left by the first client</title><p>still here</p>');
    await first.close();

    // A new client (another API process) finds the same browser and page.
    const second = await chromium.connectOverCDP(cdpUrl(id), { headers: auth });
    const titles = await Promise.all(second.contexts()[0]!.pages().map((p) => p.title()));
    expect(titles).toContain('Left by the first client');
    await second.close();

    await host.beat();
    expect((await hostRow()).machines).toBe(1);
    expect(await (await call('GET', '/v1/health')).json()).toEqual({ id: host.id, capacity: 2, machines: [id] });

    expect((await call('POST', `/v1/machines/${id}/suspend`)).status).toBe(204);
    expect((await call('POST', `/v1/machines/${id}/resume`)).status).toBe(204);
    expect((await call('DELETE', `/v1/machines/${id}?purge=1`)).status).toBe(204);
    expect(existsSync(join(dataDir, 'vms', id))).toBe(false);
    expect((await call('POST', `/v1/machines/${id}/suspend`)).status).toBe(404);
  });

  it('hands a machine to a new driver clean: the previous driver is let go with all it attached', async () => {
    const id = randomUUID();
    expect((await call('PUT', `/v1/machines/${id}`)).status).toBe(200);
    type Message = { id?: number; params?: { sessionId?: string; targetInfo?: { type: string } } };
    const connect = async () => {
      const ws = new WebSocket(cdpUrl(id), { headers: auth });
      const messages: Message[] = [];
      const waiters: Array<() => void> = [];
      ws.on('message', (data) => {
        messages.push(JSON.parse(data.toString()) as Message);
        for (const wake of waiters.splice(0)) wake();
      });
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await new Promise((resolve) => ws.once('open', resolve));
      /** The first message (already here or still to come) that passes the test. */
      const arrival = async (test: (m: Message) => boolean): Promise<Message> => {
        for (;;) {
          const found = messages.find(test);
          if (found) return found;
          await new Promise<void>((wake) => waiters.push(wake));
        }
      };
      const answer = (commandId: number, method: string, params: object = {}, sessionId?: string) => {
        ws.send(JSON.stringify({ id: commandId, method, params, ...(sessionId ? { sessionId } : {}) }));
        return arrival((m) => m.id === commandId);
      };
      return { ws, messages, closed, arrival, answer };
    };

    const first = await connect();
    await first.answer(1, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
    const firstPage = (await first.arrival((m) => m.params?.targetInfo?.type === 'page')).params!.sessionId!;

    const second = await connect();
    expect(await first.closed).toBe(4000);
    // The same command id as the first driver's gets this driver's own answer: no page is attached any more.
    const targets = (await second.answer(1, 'Target.getTargets')) as { result: { targetInfos: Array<{ type: string; attached: boolean }> } };
    expect(targets.result.targetInfos.filter((t) => t.type === 'page').map((t) => t.attached)).toEqual([false]);
    expect(await second.answer(2, 'Runtime.evaluate', { expression: '1' }, firstPage)).toMatchObject({
      id: 2,
      error: { message: 'Session with given id not found.' },
    });
    // Nothing of the first driver's (answers, events of its sessions) reached the second one.
    expect(second.messages.map((m) => m.id)).toEqual([1, 2]);

    second.ws.close();
    expect((await call('DELETE', `/v1/machines/${id}?purge=1`)).status).toBe(204);
  });

  it('answers 503 beyond its capacity, and a stopped machine frees its place', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    expect((await call('PUT', `/v1/machines/${a}`)).status).toBe(200);
    expect((await call('PUT', `/v1/machines/${b}`)).status).toBe(200);
    const full = await call('PUT', `/v1/machines/${c}`);
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ error: 'This host runs 2 machines already.' });

    expect((await call('DELETE', `/v1/machines/${a}`)).status).toBe(204);
    expect(existsSync(join(dataDir, 'vms', a, 'profile'))).toBe(true);
    expect((await call('PUT', `/v1/machines/${c}`)).status).toBe(200);
    await Promise.all([b, c].map((id) => call('DELETE', `/v1/machines/${id}?purge=1`)));
  });

  it('marks itself stopped when it shuts down', async () => {
    await host.close();
    const row = await hostRow();
    expect(row.stoppedAt).not.toBeNull();
    expect(row.machines).toBe(0);
    host = { ...host, close: async () => {} };
  });
});

describe('machine host whose browser cannot start', () => {
  it('answers 502 with the reason, and the failed launch frees its place', async () => {
    const database = await openTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'cofounder-host-broken-'));
    // A "browser" that tells its version and then fails to start.
    const broken = join(dir, 'chromium');
    writeFileSync(broken, '#!/bin/sh\n[ "$1" = "--version" ] && echo "Chromium 1.0" && exit 0\necho "no display" >&2\nexit 1\n', { mode: 0o755 });
    const config = loadHostConfig({
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      MACHINE_HOST_PORT: '0',
      MACHINE_HOST_CAPACITY: '1',
      MACHINE_HOST_SECRET: SECRET,
      MACHINE_HOST_DATA_DIR: join(dir, 'data'),
      VM_CHROMIUM_PATH: broken,
    });
    const host = await startMachineHost(config, database.db, log);
    try {
      const put = () => fetch(`${host.address}/v1/machines/${randomUUID()}`, { method: 'PUT', headers: { authorization: `Bearer ${SECRET}` } });
      for (let i = 0; i < 2; i++) {
        const res = await put();
        expect(res.status).toBe(502);
        expect(((await res.json()) as { error: string }).error).toMatch(/^The machine could not start: Chromium did not start: exited with code 1/);
      }
    } finally {
      await host.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
