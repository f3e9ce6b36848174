import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Database } from '../db/client.ts';
import { loadHostConfig } from '../machine-host/host-config.ts';
import { startMachineHost, type MachineHost } from '../machine-host/machine-host.ts';
import { openTestDatabase } from '../test/db.ts';

// A machine host runs founders' logged-in browsers. Its API and DevTools relay ask for the host's secret; the
// browsers themselves must offer no other way in: no DevTools port on this host that any local process could list
// the pages of, or drive, without that secret.
// @postgres-only: machine hosts need a shared PostgreSQL (DATABASE_URL); npm test runs this file in its PostgreSQL
// lane when it has one (scripts/server-test-lanes.mjs).

const CHROMIUM = '/usr/bin/chromium';
const SECRET = 'a-test-secret-of-at-least-32-characters';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TCP_LISTEN = '0A';

/** The processes of one process group (a machine's browser and its renderers and helpers). */
function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the command name (in parentheses): state, parent pid, process group.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid;
      } catch {
        return false;
      }
    });
}

/** The socket inodes a process holds open. */
function socketsOf(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  } catch {
    // the process ended meanwhile
  }
  return inodes;
}

/** Every TCP port (IPv4 and IPv6) some process of the group listens on. */
function listeningPortsOfGroup(pgid: number): number[] {
  const held = new Set(groupMembers(pgid).flatMap((pid) => [...socketsOf(pid)]));
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode = ''] = line.trim().split(/\s+/);
      if (state === TCP_LISTEN && held.has(inode)) ports.push(parseInt(local.split(':').at(-1)!, 16));
    }
  }
  return ports;
}

describe.skipIf(!existsSync(CHROMIUM))("a machine host's browsers answer DevTools only through its authenticated relay", () => {
  let database: Database;
  let host: MachineHost;
  let dataDir: string;
  const id = randomUUID();
  const auth = { authorization: `Bearer ${SECRET}` };
  const cdpUrl = () => `${host.address.replace(/^http/, 'ws')}/v1/machines/${id}/cdp`;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'cofounder-host-devtools-'));
    const config = loadHostConfig({
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      MACHINE_HOST_PORT: '0',
      MACHINE_HOST_CAPACITY: '1',
      MACHINE_HOST_SECRET: SECRET,
      MACHINE_HOST_DATA_DIR: dataDir,
      VM_CHROMIUM_PATH: CHROMIUM,
    });
    host = await startMachineHost(config, database.db, pino({ level: 'silent' }));
    const started = await fetch(`${host.address}/v1/machines/${id}`, { method: 'PUT', headers: auth });
    expect(started.status).toBe(200);
  });

  afterAll(async () => {
    await host?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the running browser has a DevTools pipe, listens on no TCP port and advertises no DevTools address', () => {
    const [browserPid = 0] = readFileSync(join(dataDir, 'vms', id, 'pid'), 'utf8').trim().split(/\s+/).map(Number);
    const args = readFileSync(`/proc/${browserPid}/cmdline`, 'utf8').split('\0');
    expect(args).toContain('--remote-debugging-pipe');
    expect(args.filter((arg) => arg.startsWith('--remote-debugging-port'))).toEqual([]);
    expect(groupMembers(browserPid).length).toBeGreaterThan(1);
    // No port at all, so no /json/version or DevTools socket for a local process to find.
    expect(listeningPortsOfGroup(browserPid)).toEqual([]);
    // Chromium writes the port a local process would connect to into the profile when it has one.
    expect(existsSync(join(dataDir, 'vms', id, 'profile', 'DevToolsActivePort'))).toBe(false);
  });

  it('the relay refuses a client without the secret or with a wrong one', async () => {
    const upgradeStatus = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(cdpUrl(), { headers });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('error', reject);
      });
    const wrong = { authorization: 'Bearer a-wrong-secret-of-at-least-32-characters' };
    for (const headers of [{}, wrong, { authorization: SECRET }]) {
      expect(await upgradeStatus(headers)).toBe(401);
      for (const path of ['/json/version', '/json/list', `/v1/machines/${id}/cdp`]) {
        expect((await fetch(`${host.address}${path}`, { headers })).status).toBe(401);
      }
    }
  });

  it('with the secret, a DevTools command round-trips through the relay', async () => {
    const ws = new WebSocket(cdpUrl(), { headers: auth });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answer = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    ws.send(JSON.stringify({ id: 7, method: 'Browser.getVersion' }));
    expect(await answer).toMatchObject({ id: 7, result: { product: expect.stringMatching(/Chrome\//) } });
    ws.close();
  });

  it('with the secret, Playwright opens a page and takes its screenshot through the relay', async () => {
    const browser = await chromium.connectOverCDP(cdpUrl(), { headers: auth });
    try {
      const page = await browser.contexts()[0]!.newPage();
      await page.setContent('<title>Through the relay</title><h1>only with the host secret</h1>');
      expect(await page.title()).toBe('Through the relay');
      const shot = await page.screenshot();
      expect(shot.subarray(0, PNG_SIGNATURE.length)).toEqual(PNG_SIGNATURE);
    } finally {
      await browser.close();
    }
  });
});
