import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VMS } from '@cofounder/shared';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { machineHosts, machinePlacements } from '../../db/schema.ts';
import { loadHostConfig } from '../../machine-host/host-config.ts';
import { startMachineHost, type MachineHost } from '../../machine-host/machine-host.ts';
import { openTestDatabase } from '../../test/db.ts';
import { createHostedVmProvider } from './hosted.ts';
import { VmCapacityError, type VmProvider } from './port.ts';

// Issue 28 §2: machines placed on browser hosts registered in the database. Two hosts (capacity 2 and 1) and two
// providers standing for two API processes: placement fills the emptiest host, a full fleet refuses as a capacity
// error, either process drives any machine, a machine outlives the process that launched it, a stopped machine
// starts again on the host that holds its profile, and a host that stops heartbeating is reported lost.
// @postgres-only: machine hosts need a shared PostgreSQL (DATABASE_URL); npm test runs this file in its PostgreSQL
// lane when it has one (scripts/server-test-lanes.mjs).

const CHROMIUM = '/usr/bin/chromium';
const SECRET = 'another-test-secret-at-least-32-characters';
const log = pino({ level: 'silent' });

describe.skipIf(!existsSync(CHROMIUM))('hosted machines (two hosts, two API processes, real Chromium)', () => {
  let database: Database;
  let fixture: Server;
  let fixtureUrl: string;
  const hosts: MachineHost[] = [];
  const dirs: string[] = [];
  let a: VmProvider;
  let b: VmProvider;
  const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  const placements = async () =>
    Object.fromEntries(
      (await database.db.select().from(machinePlacements)).map((p) => [p.vmId, { host: p.hostId, running: p.running }]),
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    fixture = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>Hosted page</title><input aria-label="Note">');
    });
    await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
    const allow = `127.0.0.1:${(fixture.address() as AddressInfo).port}`;
    fixtureUrl = `http://${allow}/`;
    for (const capacity of [2, 1]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'cofounder-hosted-'));
      dirs.push(dataDir);
      const config = loadHostConfig({
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        MACHINE_HOST_PORT: '0',
        MACHINE_HOST_CAPACITY: String(capacity),
        MACHINE_HOST_SECRET: SECRET,
        MACHINE_HOST_DATA_DIR: dataDir,
        VM_ALLOW_HOSTS: allow,
      });
      // Heartbeats are sent by the tests (beforeEach), never by a timer: one that fired while a test made a host look
      // lost would make it healthy again mid-test.
      hosts.push(await startMachineHost(config, database.db, log, { heartbeatMs: 3_600_000 }));
    }
    const apiConfig = loadConfig({ VM_ALLOW_HOSTS: allow });
    a = createHostedVmProvider(apiConfig, database.db, log, Date.now);
    b = createHostedVmProvider(apiConfig, database.db, log, Date.now);
  });

  beforeEach(async () => {
    await Promise.all(hosts.map((h) => h.beat()));
  });

  afterAll(async () => {
    await Promise.all(ids.map((id) => b?.terminate(id).catch(() => undefined)));
    await Promise.all([a?.shutdown(), b?.shutdown()]);
    await Promise.all(hosts.map((h) => h.close()));
    await database?.close();
    fixture?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('places machines on the emptiest healthy host, and refuses with "no capacity" when every host is full', async () => {
    const [big, small] = hosts as [MachineHost, MachineHost];
    await a.launch(ids[0]!);
    expect((await placements())[ids[0]!]).toEqual({ host: big.id, running: true });
    await a.launch(ids[1]!);
    await a.launch(ids[2]!);
    const spread = Object.values(await placements()).map((p) => p.host);
    expect(spread.filter((h) => h === big.id)).toHaveLength(2);
    expect(spread.filter((h) => h === small.id)).toHaveLength(1);

    const full = await a.launch(ids[3]!).catch((err: unknown) => err);
    expect(full).toBeInstanceOf(VmCapacityError);
    expect((full as Error).message).toBe(VMS.texts.fleetFull);
  });

  it('lets either API process drive a machine, which outlives the process that launched it', async () => {
    const id = ids[0]!;
    expect(await a.act(id, { type: 'navigate', url: fixtureUrl })).toMatchObject({ result: 'ok' });
    expect((await a.observe(id)).title).toBe('Hosted page');

    // B never launched it: its first call connects through the host.
    expect(b.holds(id)).toBe(false);
    const seen = await b.observe(id);
    expect(seen).toMatchObject({ title: 'Hosted page', url: fixtureUrl });
    expect(seen.elements.map((e) => e.name)).toContain('Note');
    // One driver at a time: A's connection ended when B took the machine over.
    await expect.poll(() => a.holds(id)).toBe(false);
    expect(b.holds(id)).toBe(true);

    await a.shutdown();
    expect(await b.act(id, { type: 'click', x: 20, y: 20 })).toMatchObject({ result: 'ok' });
    expect((await b.observe(id)).title).toBe('Hosted page');
  });

  it('starts a stopped machine again on the host that holds its profile', async () => {
    const id = ids[2]!;
    const before = (await placements())[id]!;
    await b.stop(id);
    expect((await placements())[id]).toEqual({ host: before.host, running: false });
    // Its place is free: the fourth machine fits now, on that host.
    await b.launch(ids[3]!);
    expect((await placements())[ids[3]!]!.host).toBe(before.host);
    await b.stop(ids[3]!);
    await b.start(id);
    expect((await placements())[id]).toEqual({ host: before.host, running: true });
  });

  it('relaunches a machine whose host stopped heartbeating on another host, afresh', async () => {
    const id = ids[2]!;
    const lost = (await placements())[id]!.host;
    await b.stop(id);
    await database.db
      .update(machineHosts)
      .set({ heartbeatAt: new Date(Date.now() - VMS.hosts.lostAfterMs - 1000) })
      .where(eq(machineHosts.id, lost));
    const other = hosts.find((h) => h.id !== lost)!;
    const elsewhere = Object.entries(await placements()).find(([, p]) => p.host === other.id)![0];
    expect(await b.lostOnHost!([id, elsewhere])).toEqual([id]);
    // Every other host is full: no capacity.
    const full = await b.start(id).catch((err: unknown) => err);
    expect((full as Error).message).toBe(VMS.texts.fleetFull);
    // A place frees up there: the machine starts on it.
    const running = Object.entries(await placements()).filter(([, p]) => p.host === other.id && p.running);
    await b.stop(running[0]![0]);
    await b.start(id);
    expect((await placements())[id]).toEqual({ host: other.id, running: true });
    expect((await b.observe(id)).url).toBe('about:blank');
    await hosts.find((h) => h.id === lost)!.beat();
  });

  it('terminating a machine removes it from its host and its placement', async () => {
    const id = ids[1]!;
    await b.terminate(id);
    expect((await placements())[id]).toBeUndefined();
  });
});
