import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testDatabaseUrl } from '../test/db.ts';
import {
  connectMonitor,
  fakeVerifier,
  insertVm,
  ownsVmIn,
  type MonitorTestClient,
} from '../test/monitor-client.ts';
import { startMonitor, type Monitor } from '../ws/monitor.ts';
import type { EventBus } from './bus.ts';
import { createEventBus } from './create-bus.ts';
import { createVmEvents, type VmEventInput, type VmEvents } from './vm-events.ts';

// Live events across two real server processes on one Postgres (issue 12 Tests): this test process is one
// (bus, machine events, monitor socket), test/monitor-process.ts the other. An event published in either
// reaches a monitor client of the other, screenshot included (stored once, loaded there by id).

const CHILD = fileURLToPath(new URL('../test/monitor-process.ts', import.meta.url));
const token = `token-${randomUUID()}`;
const userId = randomUUID();

let database: Database;
let bus: EventBus;
let vmEvents: VmEvents;
let monitor: Monitor;
let child: ChildProcess;
let childPort: number;

/** Starts the other process and resolves with its monitor's port. */
function startChild(): Promise<number> {
  child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      MONITOR_DATABASE_URL: testDatabaseUrl(database)!,
      MONITOR_TOKENS: JSON.stringify({ [token]: userId }),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /port (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve(Number(port));
    });
    child.on('exit', (code) => reject(new Error(`monitor process exited early (${code})`)));
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('live events across two server processes', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    bus = await createEventBus(database);
    vmEvents = createVmEvents({ db: database.db, bus, now: Date.now });
    monitor = await startMonitor({
      port: 0,
      host: '127.0.0.1',
      verifier: fakeVerifier({ [token]: userId }),
      log: pino({ level: 'silent' }),
      vmEvents,
      ownsVm: ownsVmIn(database),
    });
    childPort = await startChild();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end(); // the process closes its monitor, bus and pool and exits
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    await monitor?.close();
    await bus?.close();
    await database?.close();
  });

  /** One short task's events; the screenshot's image goes separately. */
  const task = (vmId: string, taskId: string): VmEventInput[] => [
    { type: 'taskStart', vmId, taskId, task: 'open example.com' },
    { type: 'screenshot', vmId, taskId, step: 1, live: false },
    { type: 'taskEnd', vmId, taskId, status: 'completed' },
  ];

  async function subscribedClient(port: number, vmId: string): Promise<MonitorTestClient> {
    const client = await connectMonitor(port, `?token=${token}`);
    client.send({ type: 'subscribe', vmId });
    await client.next((m) => m.type === 'subscribed');
    return client;
  }

  function expectTask(client: MonitorTestClient, vmId: string, taskId: string, jpeg: Buffer) {
    const events = client.messages.filter((m) => m.vmId === vmId && m.type !== 'subscribed');
    expect(events.map((m) => m.type)).toEqual(['taskStart', 'screenshot', 'taskEnd']);
    expect(events.every((m) => m.taskId === taskId)).toBe(true);
    expect(events[1]!.screenshot).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
  }

  it(
    'a client of the other process receives events published here, and its watch request reaches here',
    { timeout: 20_000 },
    async () => {
      const vmId = await insertVm(database, userId);
      const watches: string[] = [];
      const stopWatching = vmEvents.onWatch((id) => watches.push(id));
      const client = await subscribedClient(childPort, vmId);
      await expect.poll(() => watches).toContain(vmId);
      stopWatching();

      const taskId = randomUUID();
      const jpeg = randomBytes(40_000);
      for (const message of task(vmId, taskId)) {
        await vmEvents.publish(userId, message, message.type === 'screenshot' ? jpeg : undefined);
      }
      await client.next((m) => m.type === 'taskEnd', 10_000);
      expectTask(client, vmId, taskId, jpeg);
      client.socket.close();
    },
  );

  it('a client of this process receives events published by the other', { timeout: 20_000 }, async () => {
    const vmId = await insertVm(database, userId);
    const client = await subscribedClient(monitor.port, vmId);
    const taskId = randomUUID();
    const jpeg = randomBytes(40_000);
    for (const message of task(vmId, taskId)) {
      const jpegBase64 = message.type === 'screenshot' ? jpeg.toString('base64') : undefined;
      child.stdin!.write(`${JSON.stringify({ userId, message, jpegBase64 })}\n`);
    }
    await client.next((m) => m.type === 'taskEnd', 10_000);
    expectTask(client, vmId, taskId, jpeg);
    client.socket.close();
  });
});
