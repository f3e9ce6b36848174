import { randomBytes, randomUUID } from 'node:crypto';
import { VMS } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { vmScreenshots, vmTasks } from '../db/schema.ts';
import { openTestDatabase } from '../test/db.ts';
import type { EventBus } from './bus.ts';
import { createEventBus } from './create-bus.ts';
import { createVmEvents, type VmEventMessage, type VmEvents } from './vm-events.ts';

let database: Database;
let bus: EventBus;
let events: VmEvents;
const userId = randomUUID();
const now = () => Date.parse('2026-11-22T10:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  bus = await createEventBus(database);
  events = createVmEvents({ db: database.db, bus, now });
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

/** Records the events `target` hands over for one machine. */
function record(target: VmEvents, vmId: string): VmEventMessage[] {
  const got: VmEventMessage[] = [];
  target.subscribe(
    (_user, message) => got.push(message),
    (id) => id === vmId,
  );
  return got;
}

const storedCount = async (vmId: string) =>
  (await database.db.select({ id: vmScreenshots.id }).from(vmScreenshots).where(eq(vmScreenshots.vmId, vmId)))
    .length;

describe('vm events', () => {
  it('stores a screenshot and sends only its id; subscribers get the image as a data URL', async () => {
    const vmId = randomUUID();
    const got = record(events, vmId);
    const envelopes: unknown[] = [];
    const stop = bus.subscribe('vm_events', (payload) => envelopes.push(payload));
    const jpeg = randomBytes(20_000);
    const id = await events.publish(
      userId,
      { type: 'screenshot', vmId, taskId: null, step: null, live: true },
      jpeg,
    );
    const dataUrl = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    await expect
      .poll(() => got)
      .toEqual([
        {
          type: 'screenshot',
          vmId,
          taskId: null,
          step: null,
          live: true,
          screenshot: dataUrl,
          timestamp: '2026-11-22T10:00:00.000Z',
        },
      ]);
    await expect.poll(() => envelopes).toEqual([expect.objectContaining({ userId, screenshotId: id })]);
    stop();
    expect(JSON.stringify(envelopes).length).toBeLessThan(1000);
    expect(await events.screenshot(id!)).toBe(dataUrl);
    expect(await events.latestScreenshot(vmId)).toBe(dataUrl);
    expect(await events.latestScreenshot(randomUUID())).toBeNull();
    expect(await events.screenshot('not-an-id')).toBeNull();
    await expect(
      events.publish(userId, { type: 'screenshot', vmId, taskId: null, step: null, live: true }),
    ).rejects.toThrow(/needs a JPEG/);
  });

  it('keeps publish order even when the caller does not wait, and another process loads the image itself', async () => {
    const vmId = randomUUID();
    const taskId = randomUUID();
    // A second instance on the same bus stands for another server process: its cache has never seen the image.
    const elsewhere = createVmEvents({ db: database.db, bus, now });
    const here = record(events, vmId);
    const there = record(elsewhere, vmId);
    const jpeg = randomBytes(5000);
    void events.publish(userId, { type: 'taskStart', vmId, taskId, task: 'open example.com' });
    void events.publish(userId, { type: 'stepStart', vmId, taskId, step: 1 });
    void events.publish(userId, { type: 'screenshot', vmId, taskId, step: 1, live: false }, jpeg);
    void events.publish(userId, { type: 'stepComplete', vmId, taskId, step: 1 });
    await events.publish(userId, { type: 'taskEnd', vmId, taskId, status: 'completed' });
    const order = ['taskStart', 'stepStart', 'screenshot', 'stepComplete', 'taskEnd'];
    await expect.poll(() => here.map((m) => m.type)).toEqual(order);
    await expect.poll(() => there.map((m) => m.type)).toEqual(order);
    expect(there[2]).toMatchObject({ screenshot: `data:image/jpeg;base64,${jpeg.toString('base64')}` });
  });

  it('skips machines no subscriber here watches', async () => {
    const watched = randomUUID();
    const got = record(events, watched);
    await events.publish(userId, { type: 'stepStart', vmId: randomUUID(), taskId: 't', step: 1 });
    await events.publish(userId, { type: 'stepStart', vmId: watched, taskId: 't', step: 2 });
    await expect.poll(() => got.map((m) => m.type === 'stepStart' && m.step)).toEqual([2]);
  });

  it('prunes old screenshots of a machine but keeps a task’s final one', async () => {
    const vmId = randomUUID();
    const first = await events.publish(
      userId,
      { type: 'screenshot', vmId, taskId: null, step: null, live: false },
      randomBytes(100),
    );
    await database.db
      .insert(vmTasks)
      .values({ vmId, userId, description: 'x', status: 'completed', screenshotId: first });
    for (let i = 0; i < VMS.keptScreenshots * 2; i++) {
      await events.publish(
        userId,
        { type: 'screenshot', vmId, taskId: null, step: null, live: true },
        randomBytes(100),
      );
    }
    await expect.poll(() => storedCount(vmId)).toBeLessThanOrEqual(VMS.keptScreenshots + 4);
    expect(await events.screenshot(first!)).not.toBeNull();
  });

  it('shortens an outsized thought to fit one notification', async () => {
    const vmId = randomUUID();
    const got = record(events, vmId);
    const decision = {
      step: 1,
      thought: 'é'.repeat(20_000),
      action: 'wait' as const,
      coordinate: null,
      text: null,
      confidence: 0.5,
      timestamp: 'now',
    };
    await events.publish(userId, { type: 'aiDecision', vmId, taskId: 't', decision });
    await expect.poll(() => got.length).toBe(1);
    const sent = got[0]!;
    expect(sent.type === 'aiDecision' && sent.decision.thought.length).toBeLessThan(2000);
  });

  it('carries watch requests to every process', async () => {
    const vmIds: string[] = [];
    const stop = events.onWatch((vmId) => vmIds.push(vmId));
    await events.requestWatch('machine-1');
    await expect.poll(() => vmIds).toEqual(['machine-1']);
    stop();
  });
});
