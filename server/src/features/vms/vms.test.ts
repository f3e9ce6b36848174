import { PLANS, PublicConfig, VMS, VmListResponse, VmResponse, VncResponse, type VmAction, type VmStatus } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vms, vmTasks, vmUsage } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { createFakeVm, type FakeVm } from '../../test/fake-vm.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { createViewTokens, VIEW_TOKEN_PREFIX } from './view-token.ts';
import { vmServices } from './vm-services.ts';
import { startLiveView } from './live-view.ts';
import { secondsByMonth } from './vm-usage.ts';

let t: TestServer;
let fake: FakeVm;
beforeAll(async () => {
  fake = createFakeVm();
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, vm: fake });
});
afterAll(() => t.close());

const HOUR = 3600_000;
const launch = (user: TestUser, body: unknown = {}) => call(t, 'POST', '/api/vms/launch', { token: user.token, body });
const act = (user: TestUser, action: VmAction, id: string) => call(t, 'POST', `/api/vms/${action}/${id}`, { token: user.token, body: {} });
const list = async (user: TestUser) =>
  VmListResponse.parse(await (await call(t, 'GET', '/api/vms/list', { token: user.token })).json()).vms;
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function launched(user: TestUser, name?: string) {
  const res = await launch(user, name ? { name } : {});
  expect(res.status).toBe(200);
  return VmResponse.parse(await res.json()).vm;
}

/** A builder (2 machines) so a test can hold one machine per state it needs. */
async function builder() {
  const user = await signedInUser(t);
  await givePlan(t.database, user.id, 'builder');
  return user;
}

/** The machine has been running `ms` longer (the access token would expire if the clock moved that far). */
async function backdate(id: string, ms: number) {
  await t.database.db.update(vms).set({ runningSince: new Date(t.clock.now() - ms) }).where(eq(vms.id, id));
}

describe('launch', () => {
  it('launches a RUNNING machine named "Machine N" and lists it newest first with its task', async () => {
    const user = await builder();
    const first = await launched(user);
    expect(first).toMatchObject({ name: 'Machine 1', status: 'RUNNING', provider: 'local', machineType: 'Fake browser', externalIp: null, task: null });
    const second = await launched(user, 'Research box');
    expect((await list(user)).map((v) => v.id)).toEqual([second.id, first.id]);
    expect(fake.state(first.id)).toBe('running');
  });

  it('holds the free trial to one machine and builder to two: 429 with the exact text', async () => {
    const trial = await signedInUser(t);
    await launched(trial);
    const refused = await launch(trial);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(VMS.texts.machineLimit(PLANS.free_trial.vmMachines));
    expect(VMS.texts.machineLimit(1)).toBe('Your plan allows 1 machine. Delete one or upgrade your plan to launch another.');

    const user = await builder();
    await launched(user);
    await launched(user);
    const third = await launch(user);
    expect(third.status).toBe(429);
    expect(await errorOf(third)).toBe(VMS.texts.machineLimit(2));
  });

  it('frees a machine slot once one is deleted', async () => {
    const trial = await signedInUser(t);
    const vm = await launched(trial);
    expect((await act(trial, 'terminate', vm.id)).status).toBe(200);
    await launched(trial);
    // A TERMINATED machine (ended outside its card) started again would hold a second machine.
    const other = await launched(await signedInUser(t));
    await t.database.db.update(vms).set({ status: 'TERMINATED', userId: trial.id }).where(eq(vms.id, other.id));
    const start = await act(trial, 'start', other.id);
    expect(start.status).toBe(429);
    expect(await errorOf(start)).toBe(VMS.texts.machineLimit(1));
  });

  it('refuses a launch and a start once the month’s hours are used', async () => {
    const user = await signedInUser(t);
    const vm = await launched(user);
    await backdate(vm.id, PLANS.free_trial.vmHoursPerMonth * HOUR);
    {
      // Running machines count while they run...
      const launchRes = await launch(user);
      expect(launchRes.status).toBe(403);
      expect(await errorOf(launchRes)).toBe(VMS.texts.hoursUsed(PLANS.free_trial.vmHoursPerMonth));
      // ...and are metered when they stop.
      expect((await act(user, 'stop', vm.id)).status).toBe(200);
      const start = await act(user, 'start', vm.id);
      expect(start.status).toBe(403);
      expect(await errorOf(start)).toBe(VMS.texts.hoursUsed(PLANS.free_trial.vmHoursPerMonth));
    }
  });

  it('answers 502 with the provider’s reason when the machine does not boot, and keeps no card', async () => {
    const user = await signedInUser(t);
    fake.failNextBoot('no browser today');
    const res = await launch(user);
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toBe(`${VMS.texts.launchFailed}: no browser today`);
    expect(await list(user)).toEqual([]);
  });

  it('validates the name', async () => {
    const user = await signedInUser(t);
    expect((await launch(user, { name: 'x'.repeat(VMS.maxNameChars + 1) })).status).toBe(400);
    expect((await launch(user, { name: 'ok', extra: 1 })).status).toBe(400);
  });
});

describe('state machine (spec 2 §4) through the routes', () => {
  const allowed: [VmStatus, VmAction, VmStatus][] = [
    ['RUNNING', 'suspend', 'SUSPENDED'],
    ['RUNNING', 'stop', 'STOPPED'],
    ['SUSPENDED', 'resume', 'RUNNING'],
    ['STOPPED', 'start', 'RUNNING'],
    ['TERMINATED', 'start', 'RUNNING'],
  ];
  const refused: [VmStatus, VmAction, string][] = [
    ['RUNNING', 'resume', 'A RUNNING machine cannot be resumed.'],
    ['RUNNING', 'start', 'A RUNNING machine cannot be started.'],
    ['SUSPENDED', 'stop', 'A SUSPENDED machine cannot be stopped.'],
    ['SUSPENDED', 'suspend', 'A SUSPENDED machine cannot be suspended.'],
    ['STOPPED', 'suspend', 'A STOPPED machine cannot be suspended.'],
    ['STOPPED', 'resume', 'A STOPPED machine cannot be resumed.'],
    ['TERMINATED', 'stop', 'A TERMINATED machine cannot be stopped.'],
    ['TERMINATED', 'suspend', 'A TERMINATED machine cannot be suspended.'],
  ];

  /** A machine in `status`, reached through the routes; TERMINATED is one that ended outside its card (stopped, then marked). */
  async function machineIn(user: TestUser, status: VmStatus) {
    const vm = await launched(user);
    const path: Record<VmStatus, VmAction[]> = { RUNNING: [], SUSPENDED: ['suspend'], STOPPED: ['stop'], TERMINATED: ['stop'] };
    for (const a of path[status]) expect((await act(user, a, vm.id)).status).toBe(200);
    if (status === 'TERMINATED') await t.database.db.update(vms).set({ status }).where(eq(vms.id, vm.id));
    return vm;
  }

  it.each(allowed)('%s --%s--> %s', async (from, action, to) => {
    const user = await builder();
    const vm = await machineIn(user, from);
    const res = await act(user, action, vm.id);
    expect(res.status).toBe(200);
    expect(VmResponse.parse(await res.json()).vm.status).toBe(to);
    expect((await list(user)).find((v) => v.id === vm.id)?.status).toBe(to);
    expect(fake.state(vm.id)).toBe({ RUNNING: 'running', SUSPENDED: 'suspended', STOPPED: 'stopped', TERMINATED: null }[to]);
  });

  it.each(refused)('%s refuses %s with 409', async (from, action, text) => {
    const user = await builder();
    const vm = await machineIn(user, from);
    const res = await act(user, action, vm.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(text);
  });

  it.each(['RUNNING', 'SUSPENDED', 'STOPPED'] as const)(
    'Delete (terminate) ends a %s machine for good: answered TERMINATED, then gone from the list (issue 25 item 13)',
    async (from) => {
      const user = await builder();
      const vm = await machineIn(user, from);
      const res = await act(user, 'terminate', vm.id);
      expect(res.status).toBe(200);
      expect(VmResponse.parse(await res.json()).vm).toMatchObject({ id: vm.id, status: 'TERMINATED' });
      expect((await list(user)).map((v) => v.id)).not.toContain(vm.id);
      expect(fake.state(vm.id)).toBeNull();
      expect((await act(user, 'start', vm.id)).status).toBe(404);
    },
  );

  it('terminating a TERMINATED machine deletes it (the card’s Delete), answering its last state', async () => {
    const user = await signedInUser(t);
    const vm = await machineIn(user, 'TERMINATED');
    const res = await act(user, 'terminate', vm.id);
    expect(res.status).toBe(200);
    expect(VmResponse.parse(await res.json()).vm).toMatchObject({ id: vm.id, status: 'TERMINATED' });
    expect(await list(user)).toEqual([]);
    expect((await act(user, 'terminate', vm.id)).status).toBe(404);
  });

  it('refuses a live machine held by another server process, but starts a stopped one here', async () => {
    const user = await builder();
    const running = await launched(user);
    await t.database.db.update(vms).set({ node: 'elsewhere:3000' }).where(eq(vms.id, running.id));
    for (const action of ['suspend', 'stop', 'terminate'] as const) {
      const res = await act(user, action, running.id);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe(VMS.texts.otherProcess);
    }
    await t.database.db.update(vms).set({ status: 'STOPPED', runningSince: null }).where(eq(vms.id, running.id));
    expect((await act(user, 'start', running.id)).status).toBe(200);
    const [row] = await t.database.db.select().from(vms).where(eq(vms.id, running.id));
    expect(row!.node).not.toBe('elsewhere:3000');
  });

  it('404s another founder’s machine and unknown ids on every route', async () => {
    const [owner, other] = [await signedInUser(t), await signedInUser(t)];
    const vm = await launched(owner);
    for (const id of [vm.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const action of ['suspend', 'stop', 'resume', 'start', 'terminate'] as const) {
        const res = await act(other, action, id);
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toBe('VM not found');
      }
      expect((await call(t, 'GET', `/api/vms/${id}/vnc`, { token: other.token })).status).toBe(404);
      for (const path of ['run-task', 'screenshot', 'stop', 'confirm']) {
        const body = path === 'run-task' ? { task: 'take a screenshot' } : path === 'confirm' ? { confirmationId: 'x', approve: true } : {};
        expect((await call(t, 'POST', `/api/computer-use/${path}/${id}`, { token: other.token, body })).status).toBe(404);
      }
      expect((await call(t, 'GET', `/api/computer-use/task/${id}`, { token: other.token })).status).toBe(404);
    }
    expect(await list(other)).toEqual([]);
    expect((await call(t, 'GET', '/api/vms/list')).status).toBe(401);
  });
});

describe('live view', () => {
  it('answers 409 until the view is ready, then the monitor port and a view token for that machine', async () => {
    const user = await signedInUser(t);
    fake.holdViews(true);
    const vm = await launched(user).finally(() => fake.holdViews(false));
    const early = await call(t, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token });
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(VMS.texts.viewNotReady);
    fake.markViewReady(vm.id);
    const ready = await call(t, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const { vnc } = VncResponse.parse(await ready.json());
    expect(vnc).toMatchObject({ host: '127.0.0.1', port: t.config.monitorPort, kind: 'screencast' });
    expect(vnc.password.startsWith(VIEW_TOKEN_PREFIX)).toBe(true);
    expect(createViewTokens(t.app.tokenKey, t.clock.now).verify(vnc.password)).toMatchObject({ userId: user.id, vmId: vm.id });
    expect(new Date(vnc.expiresAt!).getTime() - t.clock.now()).toBeLessThanOrEqual(VMS.viewTokenTtlMs);
    // Not running: start it first.
    await act(user, 'stop', vm.id);
    const stopped = await call(t, 'GET', `/api/vms/${vm.id}/vnc`, { token: user.token });
    expect(stopped.status).toBe(409);
    expect(await errorOf(stopped)).toBe(VMS.texts.notRunning);
  });

  it('streams a watched machine’s screen as live screenshots until the watch lapses', async () => {
    const user = await signedInUser(t);
    const vm = await launched(user);
    const frames: unknown[] = [];
    const unsubscribe = t.vmEvents.subscribe((userId, m) => {
      if (m.type === 'screenshot' && m.vmId === vm.id) frames.push({ userId, live: m.live, taskId: m.taskId });
    });
    const stop = startLiveView({ db: t.database.db, vm: fake, vmEvents: t.vmEvents, log: silentLog(), ttlMs: 1500 });
    try {
      await t.vmEvents.requestWatch(vm.id);
      await expect.poll(() => frames.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(frames[0]).toEqual({ userId: user.id, live: true, taskId: null });
      expect(fake.watching.has(vm.id)).toBe(true);
      await expect.poll(() => fake.watching.has(vm.id), { timeout: 5000 }).toBe(false);
    } finally {
      stop();
      unsubscribe();
    }
  });

  it('sends a still screen’s newest frame again to a later watch of the same machine (issue 25 item 13)', async () => {
    const user = await signedInUser(t);
    const vm = await launched(user);
    const frames: unknown[] = [];
    const unsubscribe = t.vmEvents.subscribe((_userId, m) => {
      if (m.type === 'screenshot' && m.vmId === vm.id) frames.push(m);
    });
    // Chromium's screencast sends a frame only when the screen changes: this screen changes once.
    const still = { ...fake, watch: (_id: string, onFrame: (jpeg: Buffer) => void) => (onFrame(Buffer.from([0xff, 0xd8, 0xff])), () => {}) };
    const stop = startLiveView({ db: t.database.db, vm: still, vmEvents: t.vmEvents, log: silentLog() });
    try {
      await t.vmEvents.requestWatch(vm.id);
      await expect.poll(() => frames.length, { timeout: 5000 }).toBe(1);
      // The launch dialog subscribes after the task panel already got that one frame.
      await t.vmEvents.requestWatch(vm.id);
      await expect.poll(() => frames.length, { timeout: 5000 }).toBe(2);
      expect(frames[1]).toMatchObject({ live: true, taskId: null });
    } finally {
      stop();
      unsubscribe();
    }
  });

  it('a watch that comes while a still screen’s frame is being sent gets that frame once the send is done', async () => {
    const user = await signedInUser(t);
    const vm = await launched(user);
    let show: ((jpeg: Buffer) => void) | null = null;
    const still = { ...fake, watch: (_id: string, onFrame: (jpeg: Buffer) => void) => ((show = onFrame), () => {}) };
    // Each publish (storing and broadcasting a frame) waits for the test to let it go; watches are handed in directly.
    const gates: (() => void)[] = [];
    const published: number[] = [];
    let watch: (vmId: string) => void = () => undefined;
    const vmEvents: typeof t.vmEvents = {
      ...t.vmEvents,
      onWatch: (handler) => ((watch = handler), () => undefined),
      publish: async (...args) => {
        await new Promise<void>((resolve) => gates.push(resolve));
        published.push(args[2]![0]!);
        return t.vmEvents.publish(...args);
      },
    };
    const stop = startLiveView({ db: t.database.db, vm: still, vmEvents, log: silentLog() });
    try {
      watch(vm.id);
      await expect.poll(() => show !== null).toBe(true);
      show!(Buffer.from([1]));
      expect(gates).toHaveLength(1);
      // The launch dialog watches while the task panel's frame is still in flight; the screen stays still.
      watch(vm.id);
      gates[0]!();
      await expect.poll(() => gates.length).toBe(2);
      gates[1]!();
      await expect.poll(() => published).toEqual([1, 1]);
    } finally {
      stop();
    }
  });

  it('view tokens expire, bind their machine, and refuse tampering', () => {
    let now = 1_000_000;
    const tokens = createViewTokens(Buffer.alloc(32, 7), () => now);
    const { token } = tokens.mint('user-1', 'vm-1');
    expect(tokens.verify(token)).toMatchObject({ userId: 'user-1', vmId: 'vm-1' });
    expect(createViewTokens(Buffer.alloc(32, 8), () => now).verify(token)).toBeNull();
    const [payload, sig] = token.slice(VIEW_TOKEN_PREFIX.length).split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'user-1', v: 'vm-2', e: now + 1000 })).toString('base64url');
    expect(tokens.verify(`${VIEW_TOKEN_PREFIX}${forged}.${sig}`)).toBeNull();
    expect(tokens.verify(`${VIEW_TOKEN_PREFIX}${payload}`)).toBeNull();
    expect(tokens.verify('eyJhbGciOi.jwt.like')).toBeNull();
    now += VMS.viewTokenTtlMs;
    expect(tokens.verify(token)).toBeNull();
  });
});

describe('machine hours', () => {
  it('meters running seconds into vm_usage on stop, suspend and terminate', async () => {
    const user = await builder();
    const vm = await launched(user);
    t.clock.advance(90_000);
    await act(user, 'suspend', vm.id);
    t.clock.advance(500_000); // suspended time is not counted
    await act(user, 'resume', vm.id);
    t.clock.advance(30_000);
    await act(user, 'terminate', vm.id);
    const rows = await t.database.db.select().from(vmUsage).where(eq(vmUsage.userId, user.id));
    expect(rows.reduce((a, r) => a + r.seconds, 0)).toBeGreaterThanOrEqual(120);
    expect(rows.reduce((a, r) => a + r.seconds, 0)).toBeLessThan(125);
  });

  it('splits running time across calendar months', () => {
    expect(secondsByMonth(new Date('2026-01-31T23:59:00Z'), new Date('2026-02-01T00:01:30Z'))).toEqual([
      { month: '2026-02', seconds: 90 },
      { month: '2026-01', seconds: 60 },
    ]);
  });

  it('the sweep stops running machines of founders past their hours', async () => {
    const user = await signedInUser(t);
    const vm = await launched(user);
    const { vms: service } = vmServices(featureDepsOf(t));
    await service.stopOverHours();
    expect((await list(user))[0]!.status).toBe('RUNNING');
    await backdate(vm.id, PLANS.free_trial.vmHoursPerMonth * HOUR);
    expect(await service.stopOverHours()).toBeGreaterThanOrEqual(1);
    expect((await list(user))[0]!.status).toBe('STOPPED');
    expect(fake.state(vm.id)).toBe('stopped');
  });
});

describe('start-up', () => {
  it('marks this node’s live local machines STOPPED, meters their time and ends their tasks', async () => {
    const user = await builder();
    const [a, b] = [await launched(user), await launched(user)];
    await act(user, 'suspend', b.id);
    const [orphanTask] = await t.database.db.insert(vmTasks).values({ vmId: a.id, userId: user.id, description: 'left running', status: 'running' }).returning();
    t.clock.advance(60_000);
    const { vms: service } = vmServices(featureDepsOf(t));
    expect(await service.stopOrphans(true)).toBeGreaterThanOrEqual(2);
    const after = await list(user);
    expect(after.map((v) => [v.status, v.stopReason])).toEqual([
      ['STOPPED', 'restarted'],
      ['STOPPED', 'restarted'],
    ]);
    const [usage] = await t.database.db.select().from(vmUsage).where(eq(vmUsage.userId, user.id));
    expect(usage!.seconds).toBeGreaterThanOrEqual(60);
    const [ended] = await t.database.db.select().from(vmTasks).where(eq(vmTasks.id, orphanTask!.id));
    expect(ended).toMatchObject({ status: 'stopped', message: VMS.texts.restarted });
    // And start again on their profiles; the note goes with the founder's action.
    expect((await act(user, 'start', a.id)).status).toBe(200);
    expect((await list(user)).find((v) => v.id === a.id)).toMatchObject({ status: 'RUNNING', stopReason: null });
  });
});

describe('config', () => {
  it('tells browsers the monitor port and whether machines are available', async () => {
    const body = PublicConfig.parse(await (await call(t, 'GET', '/api/config')).json());
    expect(body.monitorPort).toBe(t.config.monitorPort);
    expect(body.vm).toEqual({ available: true, mode: 'local', reason: null, hosted: false, pool: false });
  });

  it('answers 503 when this server cannot run machines', async () => {
    const user = await signedInUser(t);
    fake.setUnavailable('Chromium was not found.');
    try {
      const res = await launch(user);
      expect(res.status).toBe(503);
      expect(await errorOf(res)).toBe(VMS.texts.unavailable);
      const config = PublicConfig.parse(await (await call(t, 'GET', '/api/config')).json());
      expect(config.vm).toEqual({ available: false, mode: 'local', reason: 'Chromium was not found.', hosted: false, pool: false });
    } finally {
      fake.setUnavailable(null);
    }
  });
});

/** The same deps object shape the routers got, so vmServices builds services over this server's pieces. */
function featureDepsOf(s: TestServer) {
  return (cachedDeps ??= {
    config: s.config,
    database: s.database,
    vm: s.vm,
    vmEvents: s.vmEvents,
    ai: s.models,
    now: s.clock.now,
    log: silentLog(),
    tokenKey: s.app.tokenKey,
  });
}
let cachedDeps: Parameters<typeof vmServices>[0] | undefined;
const silentLog = () => pino({ level: 'silent' });
