import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VMS } from '@cofounder/shared';
import pino from 'pino';
import type { EventBus } from '../events/bus.ts';
import { createEventBus } from '../events/create-bus.ts';
import { createVmEvents, type ControlCommand, type VmEvents } from '../events/vm-events.ts';
import { createViewTokens, VIEW_TOKEN_PREFIX } from '../features/vms/view-token.ts';
import { connectMonitor, insertVm, ownsVmIn, type MonitorTestClient } from '../test/monitor-client.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { signedInUser, type TestUser } from '../test/users.ts';
import { createHostCheck } from '../http/allowed-hosts.ts';
import {
  CLOSE_SLOW,
  CLOSE_TOO_MANY,
  CLOSE_UNAUTHORIZED,
  startMonitor,
  type Monitor,
  type MonitorOptions,
} from './monitor.ts';

// The monitor socket with the real verifier (tokens from real sign-ins) and the real bus on the suite's database.

let t: TestServer;
let bus: EventBus;
let vmEvents: VmEvents;
let owner: TestUser;
let other: TestUser;
const monitors: Monitor[] = [];
let monitor: Monitor;

async function start(options: Partial<MonitorOptions> = {}): Promise<Monitor> {
  const started = await startMonitor({
    port: 0,
    host: '127.0.0.1',
    verifier: t.app.verifier,
    log: pino({ level: 'silent' }),
    vmEvents,
    ownsVm: ownsVmIn(t.database),
    ...options,
  });
  monitors.push(started);
  return started;
}

beforeAll(async () => {
  t = await startTestServer();
  bus = await createEventBus(t.database);
  vmEvents = createVmEvents({ db: t.database.db, bus, now: Date.now });
  [owner, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
  monitor = await start({ limits: { authTimeoutMs: 300 } });
});
afterAll(async () => {
  await Promise.all(monitors.map((m) => m.close()));
  await bus.close();
  await t.close();
});

/** A client already greeted with hello (token in the query). */
async function signedIn(
  user: TestUser,
  on: Monitor = monitor,
  options?: WebSocket.ClientOptions,
): Promise<MonitorTestClient> {
  const client = await connectMonitor(on.port, `?token=${user.token}`, options);
  await client.next((m) => m.type === 'hello');
  return client;
}

async function subscribed(client: MonitorTestClient, vmId: string): Promise<void> {
  client.send({ type: 'subscribe', vmId });
  await client.next((m) => m.type === 'subscribed' && m.vmId === vmId);
}

const frame = (vmId: string, live: boolean) =>
  ({ type: 'screenshot', vmId, taskId: null, step: null, live }) as const;

describe('monitor socket: authentication', () => {
  it('answers 404 off its path', async () => {
    expect((await fetch(`http://127.0.0.1:${monitor.port}/`)).status).toBe(404);
    const stray = new WebSocket(`ws://127.0.0.1:${monitor.port}/somewhere-else?token=${owner.token}`);
    await expect(new Promise((_, reject) => stray.on('error', reject))).rejects.toThrow(/404/);
  });

  it('on a local install, refuses a handshake that names an unknown host (DNS rebinding)', async () => {
    const local = await start({ hostAllowed: createHostCheck({ publicUrl: 'http://localhost:3000', allowedHosts: [] }) });
    const url = `ws://127.0.0.1:${local.port}${VMS.monitorPath}?token=${owner.token}`;
    const rebound = new WebSocket(url, { headers: { host: 'evil.example' } });
    await expect(new Promise((_, reject) => rebound.on('error', reject))).rejects.toThrow(/403/);
    const client = await connectMonitor(local.port, `?token=${owner.token}`);
    expect(await client.next((m) => m.type === 'hello')).toEqual({ type: 'hello', userId: owner.id });
    client.socket.close();
  });

  it('greets a user whose token comes in the query', async () => {
    const client = await signedIn(owner);
    expect(client.messages).toEqual([{ type: 'hello', userId: owner.id }]);
    client.socket.close();
  });

  it('greets a user whose token comes in the first message', async () => {
    const client = await connectMonitor(monitor.port);
    client.send({ type: 'auth', token: owner.token });
    expect(await client.next((m) => m.type === 'hello')).toEqual({ type: 'hello', userId: owner.id });
    client.socket.close();
  });

  it('closes with 4401 for a missing, invalid or late token', async () => {
    const closedWith = async (query: string, first?: object) => {
      const client = await connectMonitor(monitor.port, query);
      if (first) client.send(first);
      return (await client.closed).code;
    };
    expect(await closedWith('?token=not-a-real-token-at-all')).toBe(CLOSE_UNAUTHORIZED);
    expect(await closedWith(`?token=${t.anonKey}`)).toBe(CLOSE_UNAUTHORIZED);
    expect(await closedWith('', { type: 'auth', token: 'not-a-real-token-at-all' })).toBe(CLOSE_UNAUTHORIZED);
    expect(await closedWith('', { type: 'subscribe', vmId: randomUUID() })).toBe(CLOSE_UNAUTHORIZED);
    const startedAt = Date.now();
    expect(await closedWith('')).toBe(CLOSE_UNAUTHORIZED); // nothing sent: the auth timeout (300 ms here)
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
  });

  it('accepts a live-view token for its one machine only, and refuses a forged or expired one', async () => {
    let clock = Date.now();
    const tokens = createViewTokens(randomBytes(32), () => clock);
    const viewing = await start({ viewTokens: { prefix: VIEW_TOKEN_PREFIX, verify: tokens.verify } });
    const [mine, alsoMine] = [await insertVm(t.database, owner.id), await insertVm(t.database, owner.id)];
    const { token } = tokens.mint(owner.id, mine);
    const client = await connectMonitor(viewing.port, `?token=${encodeURIComponent(token)}`);
    expect(await client.next((m) => m.type === 'hello')).toEqual({ type: 'hello', userId: owner.id });
    await subscribed(client, mine);
    client.send({ type: 'subscribe', vmId: alsoMine });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ vmId: alsoMine, message: 'VM not found' });
    client.socket.close();

    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await (await connectMonitor(viewing.port, `?token=${encodeURIComponent(forged)}`)).closed).code).toBe(CLOSE_UNAUTHORIZED);
    clock += VMS.viewTokenTtlMs + 1;
    expect((await (await connectMonitor(viewing.port, `?token=${encodeURIComponent(token)}`)).closed).code).toBe(CLOSE_UNAUTHORIZED);
  });

  it('answers unreadable messages with an error and stays open', async () => {
    const client = await signedIn(owner);
    client.socket.send('{not json');
    client.send({ type: 'launch', vmId: 'x' });
    client.send({ type: 'auth', token: owner.token });
    await expect
      .poll(() => client.messages.filter((m) => m.type === 'error').map((m) => m.message))
      .toEqual([
        'Messages must be JSON',
        'Unknown message: expected auth, subscribe, unsubscribe, take_control, hand_back or input',
        'Already authenticated',
      ]);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });
});

describe('monitor socket: machine events', () => {
  it('refuses another user’s machine and delivers one task’s events to the owner in order', async () => {
    const vmId = await insertVm(t.database, owner.id);
    const [mine, theirs] = await Promise.all([signedIn(owner), signedIn(other)]);
    await subscribed(mine, vmId);
    for (const vm of [vmId, randomUUID(), 'not-a-uuid']) theirs.send({ type: 'subscribe', vmId: vm });
    await expect.poll(() => theirs.messages.filter((m) => m.type === 'error').length).toBe(3);
    expect(theirs.messages.slice(1)).toEqual(
      [vmId, expect.any(String), 'not-a-uuid'].map((vm) => ({
        type: 'error',
        vmId: vm,
        message: 'VM not found',
        timestamp: expect.any(String),
      })),
    );

    const taskId = randomUUID();
    const jpeg = randomBytes(30_000);
    const decision = {
      step: 1,
      thought: 'Click the field',
      action: 'click' as const,
      coordinate: { x: 10, y: 20 },
      text: null,
      confidence: 0.9,
      timestamp: new Date().toISOString(),
    };
    // Not awaited one by one, as a busy loop might: the order must hold anyway.
    const sent = [
      vmEvents.publish(owner.id, { type: 'taskStart', vmId, taskId, task: 'type hello' }),
      vmEvents.publish(owner.id, { type: 'status', vmId, taskId, status: 'running', message: null }),
      vmEvents.publish(owner.id, { type: 'stepStart', vmId, taskId, step: 1 }),
      vmEvents.publish(owner.id, { type: 'screenshot', vmId, taskId, step: 1, live: false }, jpeg),
      vmEvents.publish(owner.id, { type: 'aiDecision', vmId, taskId, decision }),
      vmEvents.publish(owner.id, {
        type: 'action',
        vmId,
        taskId,
        step: 1,
        action: 'click',
        result: 'ok',
        detail: 'Clicked (10, 20)',
      }),
      vmEvents.publish(owner.id, { type: 'stepComplete', vmId, taskId, step: 1 }),
      vmEvents.publish(owner.id, { type: 'taskComplete', vmId, taskId, success: true, message: 'Done' }),
      vmEvents.publish(owner.id, { type: 'taskEnd', vmId, taskId, status: 'completed' }),
    ];
    await Promise.all(sent);
    await mine.next((m) => m.type === 'taskEnd');
    const events = mine.messages.filter((m) => m.vmId === vmId && m.type !== 'subscribed');
    expect(events.map((m) => m.type)).toEqual([
      'taskStart',
      'status',
      'stepStart',
      'screenshot',
      'aiDecision',
      'action',
      'stepComplete',
      'taskComplete',
      'taskEnd',
    ]);
    expect(events[3]).toMatchObject({
      taskId,
      step: 1,
      live: false,
      screenshot: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(events[4]).toMatchObject({ decision });
    expect(theirs.messages.filter((m) => m.vmId === vmId && m.type !== 'error')).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const vmId = await insertVm(t.database, owner.id);
    const client = await signedIn(owner);
    await subscribed(client, vmId);
    await vmEvents.publish(owner.id, { type: 'stepStart', vmId, taskId: 't', step: 1 });
    await client.next((m) => m.type === 'stepStart');
    client.send({ type: 'unsubscribe', vmId });
    // A round trip on the same socket, so the unsubscribe is surely handled before the next publish.
    client.send({ type: 'subscribe', vmId: 'not-a-uuid' });
    await client.next((m) => m.type === 'error');
    await vmEvents.publish(owner.id, { type: 'stepStart', vmId, taskId: 't', step: 2 });
    const control = await signedIn(owner);
    await subscribed(control, vmId);
    await vmEvents.publish(owner.id, { type: 'stepStart', vmId, taskId: 't', step: 3 });
    await control.next((m) => m.type === 'stepStart' && m.step === 3);
    expect(client.messages.filter((m) => m.type === 'stepStart').map((m) => m.step)).toEqual([1]);
    client.socket.close();
    control.socket.close();
  });

  it('renews a watch on a subscribed machine until the last subscriber leaves', async () => {
    // One socket per user here: the owner can connect again only once the monitor has released the first one.
    const renewing = await start({ limits: { watchRenewMs: 50, socketsPerUser: 1 } });
    const [vmId, control] = [await insertVm(t.database, owner.id), await insertVm(t.database, other.id)];
    const watches: string[] = [];
    const stop = vmEvents.onWatch((id) => (id === vmId || id === control) && watches.push(id));
    const renewals = (id: string) => watches.filter((w) => w === id).length;
    const client = await signedIn(owner, renewing);
    await subscribed(client, vmId);
    // Another user's machine stays watched throughout: its renewals show the timer still ticking.
    const watching = await signedIn(other, renewing);
    await subscribed(watching, control);
    await expect.poll(() => renewals(vmId)).toBeGreaterThanOrEqual(3);
    client.socket.close();
    await client.closed;
    const accepted = async () => {
      const again = await connectMonitor(renewing.port, `?token=${owner.token}`);
      const hello = await Promise.race([again.next((m) => m.type === 'hello').then(() => true), again.closed.then(() => false)]);
      again.socket.close();
      await again.closed;
      return hello;
    };
    await expect.poll(accepted, { timeout: 5000 }).toBe(true);
    // Released: no renewal of vmId is requested from now on. Requests reach onWatch in the order they were made, so
    // once a later renewal of the control has arrived, every earlier one of vmId has too.
    const released = renewals(control);
    await expect.poll(() => renewals(control), { timeout: 5000 }).toBeGreaterThan(released);
    const settled = renewals(vmId);
    await expect.poll(() => renewals(control), { timeout: 5000 }).toBeGreaterThan(released + 3);
    expect(renewals(vmId)).toBe(settled);
    stop();
    watching.socket.close();
  });

  it('caps sockets per user and subscriptions per socket', async () => {
    const capped = await start({ limits: { socketsPerUser: 2, subscriptionsPerSocket: 1 } });
    const [a, b] = [await signedIn(owner, capped), await signedIn(owner, capped)];
    const c = await connectMonitor(capped.port, `?token=${owner.token}`);
    expect((await c.closed).code).toBe(CLOSE_TOO_MANY);
    const [vm1, vm2] = [await insertVm(t.database, owner.id), await insertVm(t.database, owner.id)];
    await subscribed(a, vm1);
    a.send({ type: 'subscribe', vmId: vm2 });
    expect(await a.next((m) => m.type === 'error')).toMatchObject({
      vmId: vm2,
      message: 'Too many subscriptions',
    });
    b.socket.close();
    await b.closed;
    // The closed socket's place is free again.
    const d = await signedIn(owner, capped);
    a.socket.close();
    d.socket.close();
  });
});

describe('monitor socket: take control', () => {
  /** Control commands as the process running the machine receives them. */
  function commandsFor(vmId: string) {
    const seen: ControlCommand[] = [];
    const stop = vmEvents.onControl((command) => command.vmId === vmId && seen.push(command));
    return { seen, stop };
  }

  it('passes the owner’s take control, inputs and hand back to the machine’s process, in order', async () => {
    const vmId = await insertVm(t.database, owner.id);
    const { seen, stop } = commandsFor(vmId);
    const client = await signedIn(owner);
    await subscribed(client, vmId);
    client.send({ type: 'take_control', vmId });
    client.send({ type: 'input', vmId, input: { kind: 'click', x: 10, y: 20 } });
    client.send({ type: 'input', vmId, input: { kind: 'type', text: 'hello' } });
    client.send({ type: 'hand_back', vmId });
    await expect.poll(() => seen.length).toBe(4);
    expect(seen).toEqual([
      { type: 'take_control', vmId, userId: owner.id },
      { type: 'input', vmId, userId: owner.id, input: { kind: 'click', x: 10, y: 20 } },
      { type: 'input', vmId, userId: owner.id, input: { kind: 'type', text: 'hello' } },
      { type: 'hand_back', vmId, userId: owner.id },
    ]);
    stop();
    client.socket.close();
  });

  it('refuses a machine the socket has not subscribed to, and inputs off the screen', async () => {
    const mine = await insertVm(t.database, owner.id);
    const theirs = await insertVm(t.database, other.id);
    const { seen, stop } = commandsFor(theirs);
    const client = await signedIn(owner);
    client.send({ type: 'take_control', vmId: theirs });
    expect((await client.next((m) => m.type === 'error')).message).toBe(VMS.texts.controlNotHere);
    client.send({ type: 'subscribe', vmId: theirs });
    expect((await client.next((m) => m.type === 'error' && m.vmId === theirs && m.message === VMS.texts.notFound)).message).toBe(VMS.texts.notFound);
    await subscribed(client, mine);
    client.send({ type: 'input', vmId: mine, input: { kind: 'click', x: VMS.viewport.width, y: 0 } });
    expect((await client.next((m) => m.type === 'error' && m.vmId === null)).message).toMatch(/^Unknown message/);
    expect(seen).toEqual([]);
    stop();
    client.socket.close();
  });

  it('drops inputs over the per-second rate, saying so once', async () => {
    let clock = 1_000_000;
    const limited = await start({ limits: { inputsPerSecond: 3 }, now: () => clock });
    const vmId = await insertVm(t.database, owner.id);
    const { seen, stop } = commandsFor(vmId);
    const client = await signedIn(owner, limited);
    await subscribed(client, vmId);
    for (let i = 0; i < 6; i++) client.send({ type: 'input', vmId, input: { kind: 'key', keys: 'Tab' } });
    expect((await client.next((m) => m.type === 'error')).message).toBe(VMS.texts.controlTooFast);
    clock += 1000;
    client.send({ type: 'input', vmId, input: { kind: 'key', keys: 'Enter' } });
    await expect.poll(() => seen.length).toBe(4);
    expect(seen.map((c) => (c.type === 'input' && c.input.kind === 'key' ? c.input.keys : c.type))).toEqual(['Tab', 'Tab', 'Tab', 'Enter']);
    expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(1);
    stop();
    client.socket.close();
  });

  it('hands the machine back when the controlling socket goes away', async () => {
    const vmId = await insertVm(t.database, owner.id);
    const { seen, stop } = commandsFor(vmId);
    const client = await signedIn(owner);
    await subscribed(client, vmId);
    client.send({ type: 'take_control', vmId });
    await expect.poll(() => seen.length).toBe(1);
    client.socket.close();
    await expect.poll(() => seen.map((c) => c.type)).toEqual(['take_control', 'hand_back']);
    stop();
  });
});

describe('monitor socket: slow and dead clients', () => {
  /** Publishes `count` frames of ~200 KB while the client does not read, then reads again. */
  async function flood(
    client: MonitorTestClient,
    vmId: string,
    live: boolean,
    count: number,
  ): Promise<number> {
    const tcp = (client.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    for (let i = 0; i < count; i++) await vmEvents.publish(owner.id, frame(vmId, live), randomBytes(150_000));
    tcp.resume();
    await vmEvents.publish(owner.id, { type: 'stepStart', vmId, taskId: 'marker', step: 1 });
    return count;
  }
  const frames = (client: MonitorTestClient) => client.messages.filter((m) => m.type === 'screenshot').length;

  it(
    'drops live frames for a client that reads too slowly, then closes it (1013) when task events back up',
    { timeout: 60_000 },
    async () => {
      const strict = await start({
        limits: { dropLiveFramesAboveBytes: 64 * 1024, closeAboveBytes: 512 * 1024 },
      });
      const vmId = await insertVm(t.database, owner.id);
      const client = await signedIn(owner, strict);
      await subscribed(client, vmId);

      const live = await flood(client, vmId, true, 60);
      await client.next((m) => m.type === 'stepStart', 20_000);
      expect(frames(client)).toBeLessThan(live);
      expect(client.socket.readyState).toBe(WebSocket.OPEN);

      const before = frames(client);
      const steps = await flood(client, vmId, false, 60);
      expect((await client.closed).code).toBe(CLOSE_SLOW);
      expect(frames(client) - before).toBeLessThan(steps);
    },
  );

  it('terminates a peer that stops answering pings, and keeps one that answers', async () => {
    const beating = await start({ heartbeatMs: 50 });
    const mute = await signedIn(owner, beating, { autoPong: false });
    const healthy = await signedIn(owner, beating);
    let pings = 0;
    healthy.socket.on('ping', () => pings++);
    expect((await mute.closed).code).toBe(1006);
    // A ping goes only to a peer that answered the one before: three more pings are three more rounds survived.
    const seen = pings;
    await expect.poll(() => pings > seen + 3 || healthy.socket.readyState !== WebSocket.OPEN, { timeout: 5000 }).toBe(true);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    healthy.socket.close();
  });
});
