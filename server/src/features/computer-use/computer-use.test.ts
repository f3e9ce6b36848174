import {
  type Decision,
  PendingConfirmation,
  RunTaskResponse,
  ScreenshotResponse,
  VMS,
  VmListResponse,
  VmResponse,
  VmTaskResponse,
  type MonitorServerMessage,
} from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { activities, vmScreenshots, vmTasks } from '../../db/schema.ts';
import { OFFLINE_COMPUTER_HELP } from '../../providers/ai/offline/computer-planner.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { createFakeVm, FAKE_JPEG, type FakeVm } from '../../test/fake-vm.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { vms } from '../../db/schema.ts';
import { createComputerUseService } from './computer-use.service.ts';

let t: TestServer;
let fake: FakeVm;
/** Every line the server logged, at every level (a typed password must not be among them). */
const logLines: string[] = [];
beforeAll(async () => {
  fake = createFakeVm({ maxWaitMs: 3000 });
  const log = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, vm: fake, log });
});
afterAll(() => t.close());

const DATA_URL = 'data:image/jpeg;base64,';
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const run = (user: TestUser, vmId: string, body: unknown) => call(t, 'POST', `/api/computer-use/run-task/${vmId}`, { token: user.token, body });
const task = async (user: TestUser, vmId: string) =>
  VmTaskResponse.parse(await (await call(t, 'GET', `/api/computer-use/task/${vmId}`, { token: user.token })).json());
const inbox = async (user: TestUser) =>
  z
    .object({ computerActions: z.array(PendingConfirmation) })
    .parse(await (await call(t, 'GET', '/api/approvals', { token: user.token })).json()).computerActions;

async function machine(user: TestUser) {
  return VmResponse.parse(await (await call(t, 'POST', '/api/vms/launch', { token: user.token, body: {} })).json()).vm;
}

/** Polls until `check` holds (the task runs in the background of its own request). */
function until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await read();
      if (!check(v)) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
      return v;
    },
    { timeout: ms, interval: 50 },
  );
}

/** The monitor messages published for one machine, in order. */
function recordEvents(vmId: string): MonitorServerMessage[] {
  const seen: MonitorServerMessage[] = [];
  t.vmEvents.subscribe((_userId, message) => {
    if ('vmId' in message && message.vmId === vmId) seen.push(message);
  });
  return seen;
}

describe('run-task', () => {
  it('runs the offline planner on the machine to the end, with the timeline, monitor events and final screenshot', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const events = recordEvents(vm.id);
    const res = await run(user, vm.id, { task: 'open https://example.com and take a screenshot' });
    expect(res.status).toBe(200);
    const body = RunTaskResponse.parse(await res.json());
    expect(body).toMatchObject({ success: true, finalScreenshot: DATA_URL + FAKE_JPEG.toString('base64') });
    expect(body.error).toBeUndefined();
    expect(fake.actions.get(vm.id)).toEqual([{ type: 'navigate', url: 'https://example.com' }]);

    const latest = await task(user, vm.id);
    expect(latest.task).toMatchObject({ id: body.taskId, status: 'completed', isRunning: false, message: body.message });
    expect(latest.task!.screenshot).toMatch(/^data:image\/jpeg;base64,/);
    expect(latest.decisions.map((d) => d.action)).toEqual(['navigate', 'screenshot', 'done']);
    expect(latest.pendingConfirmation).toBeNull();

    const listed = VmListResponse.parse(await (await call(t, 'GET', '/api/vms/list', { token: user.token })).json()).vms[0]!;
    expect(listed.task).toMatchObject({ id: body.taskId, status: 'completed' });

    // One task's messages, in order (spec 2 §4).
    await until(async () => events.length, () => events.at(-1)?.type === 'taskEnd');
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('taskStart');
    expect(types.slice(1, 6)).toEqual(['stepStart', 'screenshot', 'aiDecision', 'action', 'stepComplete']);
    expect(types.slice(-2)).toEqual(['taskComplete', 'taskEnd']);
    expect(events.every((e) => !('taskId' in e) || e.taskId === body.taskId)).toBe(true);
    const shot = events.find((e) => e.type === 'screenshot');
    expect(shot).toMatchObject({ live: false, step: 1, screenshot: DATA_URL + FAKE_JPEG.toString('base64') });
  });

  it('persists without publishing when live updates are off', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const events = recordEvents(vm.id);
    const body = RunTaskResponse.parse(await (await run(user, vm.id, { task: 'take a screenshot', enableLiveUpdates: false })).json());
    expect(body.success).toBe(true);
    expect(events.filter((e) => e.type !== 'status')).toEqual([]);
    const [row] = await t.database.db.select().from(vmTasks).where(eq(vmTasks.id, body.taskId));
    expect(row!.decisions.map((d) => d.action)).toEqual(['screenshot', 'done']);
    expect(row!.screenshotId).not.toBeNull();
  });

  it('a task it could not carry out ends Failed with why: a refused address, a missing button, an unclear task', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const cases: [task: string, message: string, actions: number][] = [
      ['open http://example.com:8080/admin and take a screenshot', 'Failed to run task. Blocked: port 8080 is not allowed.', 1],
      ['open http://10.0.0.1 then take a screenshot', 'Failed to run task. Blocked: private address 10.0.0.1.', 1],
      ['open https://nowhere.invalid', 'Failed to run task. nowhere.invalid could not be found.', 1],
      // The planner scrolls once to look for the button, then says it is not there.
      ['click the button labelled Nowhere', 'Failed to run task. Could not find “Nowhere” on the page.', 1],
      ['grow my startup', VMS.texts.notDone(OFFLINE_COMPUTER_HELP), 0],
    ];
    for (const [description, message, actions] of cases) {
      const events = recordEvents(vm.id);
      const before = fake.actions.get(vm.id)?.length ?? 0;
      const body = RunTaskResponse.parse(await (await run(user, vm.id, { task: description })).json());
      expect(body, description).toMatchObject({ success: false, message, error: message });
      expect(body.finalScreenshot).toMatch(/^data:/);
      // Nothing after the step that did not work.
      expect((fake.actions.get(vm.id)?.length ?? 0) - before, description).toBe(actions);
      const stored = await task(user, vm.id);
      expect(stored.task, description).toMatchObject({ id: body.taskId, status: 'failed', message, isRunning: false });
      expect(stored.decisions.at(-1)).toMatchObject({ action: 'done' });
      await until(async () => events.length, () => events.at(-1)?.type === 'taskEnd');
      expect(events.slice(-2)).toMatchObject([
        { type: 'taskComplete', success: false, message },
        { type: 'taskEnd', status: 'failed' },
      ]);
    }
    expect(VMS.texts.notDone(OFFLINE_COMPUTER_HELP)).toBe(
      'Failed to run task. I can only follow explicit steps offline (open a URL, search the web for …, click the button labelled …, type … into …, press …, scroll, take a screenshot). Set OPENAI_API_KEY for open-ended tasks.',
    );
  });

  it('validates the task, and needs a running machine held by this process', async () => {
    const user = await signedInUser(t);
    await givePlan(t.database, user.id, 'builder');
    const vm = await machine(user);
    const empty = await run(user, vm.id, { task: '   ' });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toContain(VMS.texts.emptyTask);
    expect((await run(user, vm.id, { task: 'x'.repeat(VMS.maxTaskChars + 1) })).status).toBe(400);

    await t.database.db.update(vms).set({ node: 'elsewhere:3000' }).where(eq(vms.id, vm.id));
    const elsewhere = await run(user, vm.id, { task: 'take a screenshot' });
    expect(elsewhere.status).toBe(409);
    expect(await errorOf(elsewhere)).toBe(VMS.texts.otherProcess);

    const other = await machine(user);
    await call(t, 'POST', `/api/vms/stop/${other.id}`, { token: user.token, body: {} });
    const stopped = await run(user, other.id, { task: 'take a screenshot' });
    expect(stopped.status).toBe(409);
    expect(await errorOf(stopped)).toBe(VMS.texts.notRunning);
  });

  it('refuses a second task while one runs, and Stop ends the running one', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    expect((await call(t, 'POST', `/api/computer-use/stop/${vm.id}`, { token: user.token, body: {} })).status).toBe(404);
    const running = run(user, vm.id, { task: 'wait 3 seconds, then wait 3 seconds, then take a screenshot' });
    await until(() => task(user, vm.id), (r) => r.task?.isRunning === true);
    const busy = await run(user, vm.id, { task: 'take a screenshot' });
    expect(busy.status).toBe(409);
    expect(await errorOf(busy)).toBe(VMS.texts.busy);

    expect((await call(t, 'POST', `/api/computer-use/stop/${vm.id}`, { token: user.token, body: {} })).status).toBe(200);
    const body = RunTaskResponse.parse(await (await running).json());
    expect(body).toMatchObject({ success: false, message: VMS.texts.stoppedByUser, error: VMS.texts.stoppedByUser });
    expect((await task(user, vm.id)).task).toMatchObject({ status: 'stopped', isRunning: false });
  });

  it('stops the running task before the machine is suspended', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const running = run(user, vm.id, { task: 'wait 3 seconds, then wait 3 seconds' });
    await until(() => task(user, vm.id), (r) => r.task?.isRunning === true);
    const suspend = await call(t, 'POST', `/api/vms/suspend/${vm.id}`, { token: user.token, body: {} });
    expect(suspend.status).toBe(200);
    expect(RunTaskResponse.parse(await (await running).json()).message).toBe(VMS.texts.stoppedByUser);
    expect(VmResponse.parse(await suspend.json()).vm.task).toMatchObject({ status: 'stopped' });
  });
});

describe('confirmations', () => {
  const PASSWORD_TASK = 'type hunter2 into the password field';

  async function awaiting(user: TestUser, vmId: string) {
    const running = run(user, vmId, { task: PASSWORD_TASK });
    const waiting = await until(() => task(user, vmId), (r) => r.pendingConfirmation !== null);
    expect(waiting.task).toMatchObject({ status: 'awaiting_confirmation', isRunning: true });
    return { running, pending: waiting.pendingConfirmation! };
  }

  it('asks before typing a password, in the timeline and the approvals inbox; yes lets it run', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const { running, pending } = await awaiting(user, vm.id);
    expect(pending).toMatchObject({ vmId: vm.id, kind: 'password', decision: { action: 'type' } });
    expect((await task(user, vm.id)).task!.message).toBe(VMS.texts.awaitingConfirmation(pending.reason));
    expect(await inbox(user)).toEqual([pending]);
    expect(fake.actions.get(vm.id)?.some((a) => a.type === 'type')).toBe(false);

    const stranger = await signedInUser(t);
    expect(await inbox(stranger)).toEqual([]);
    const confirm = (body: unknown, who = user) => call(t, 'POST', `/api/computer-use/confirm/${vm.id}`, { token: who.token, body });
    expect((await confirm({ confirmationId: pending.id, approve: true }, stranger)).status).toBe(404);
    expect((await confirm({ confirmationId: 'not-it', approve: true })).status).toBe(409);
    expect((await confirm({ confirmationId: pending.id })).status).toBe(400);
    expect((await confirm({ confirmationId: pending.id, approve: true })).status).toBe(200);
    expect((await confirm({ confirmationId: pending.id, approve: false })).status).toBe(409);

    const body = RunTaskResponse.parse(await (await running).json());
    expect(body.success).toBe(true);
    expect(fake.actions.get(vm.id)).toContainEqual({ type: 'type', text: 'hunter2' });
    expect(await inbox(user)).toEqual([]);
    expect((await task(user, vm.id)).pendingConfirmation).toBeNull();
  });

  it('a typed password appears nowhere but on the machine: not the answer, the task, the timeline, the monitor, activities or logs', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const events = recordEvents(vm.id);
    const logged = logLines.length;
    const { running, pending } = await awaiting(user, vm.id);
    const waitingInbox = await inbox(user);
    const confirmed = await call(t, 'POST', `/api/computer-use/confirm/${vm.id}`, {
      token: user.token,
      body: { confirmationId: pending.id, approve: true },
    });
    expect(confirmed.status).toBe(200);
    const body = RunTaskResponse.parse(await (await running).json());
    expect(body).toMatchObject({ success: true, message: 'Done: filled in Password.' });
    // The machine got it: that is the one place it goes.
    expect(fake.actions.get(vm.id)).toContainEqual({ type: 'type', text: 'hunter2' });
    await until(async () => events.length, () => events.at(-1)?.type === 'taskEnd');

    const timeline = await task(user, vm.id);
    expect(timeline.decisions.find((d) => d.action === 'type')).toMatchObject({ text: '••••••••', thought: 'Typing into Password.' });
    const rows = await t.database.db.select().from(vmTasks).where(eq(vmTasks.vmId, vm.id));
    // The task as the founder wrote it is theirs to read; everything the machine run said about it is checked.
    expect(rows.map((r) => r.description)).toEqual([PASSWORD_TASK]);
    const seen = {
      answer: body,
      stored: rows.map(({ description: _, ...row }) => row),
      timeline: { ...timeline, task: { ...timeline.task, description: null } },
      inbox: waitingInbox,
      monitor: events.map((e) => (e.type === 'taskStart' ? { ...e, task: null } : e)),
      activities: await t.database.db.select().from(activities).where(eq(activities.userId, user.id)),
      logs: logLines.slice(logged),
    };
    for (const [where, value] of Object.entries(seen)) expect(JSON.stringify(value), where).not.toContain('hunter2');
    expect(seen.monitor.some((e) => e.type === 'aiDecision')).toBe(true);
  });

  it('no means nothing is typed and the task stops', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const { running, pending } = await awaiting(user, vm.id);
    const res = await call(t, 'POST', `/api/computer-use/confirm/${vm.id}`, {
      token: user.token,
      body: { confirmationId: pending.id, approve: false },
    });
    expect(res.status).toBe(200);
    const body = RunTaskResponse.parse(await (await running).json());
    expect(body).toMatchObject({ success: false, message: VMS.texts.declined(pending.reason) });
    expect(fake.actions.get(vm.id)?.some((a) => a.type === 'type')).toBe(false);
    expect((await task(user, vm.id)).task).toMatchObject({ status: 'stopped' });
  });

  it('gives up when nobody answers in time', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    const { running } = await awaiting(user, vm.id);
    t.clock.advance(VMS.confirmTimeoutMs);
    try {
      const body = RunTaskResponse.parse(await (await running).json());
      expect(body).toMatchObject({ success: false, message: VMS.texts.confirmTimedOut });
    } finally {
      t.clock.advance(-VMS.confirmTimeoutMs);
    }
  });
});

describe('screenshot and task', () => {
  it('takes a screenshot of a running machine, passing the provider’s failure on', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    expect(await task(user, vm.id)).toEqual({ success: true, task: null, decisions: [], pendingConfirmation: null });
    const shoot = () => call(t, 'POST', `/api/computer-use/screenshot/${vm.id}`, { token: user.token, body: {} });
    const ok = await shoot();
    expect(ok.status).toBe(200);
    expect(ScreenshotResponse.parse(await ok.json()).screenshot).toBe(DATA_URL + FAKE_JPEG.toString('base64'));
    fake.failNextScreenshot('the page crashed');
    const failed = await shoot();
    expect(failed.status).toBe(502);
    expect(await errorOf(failed)).toBe('the page crashed');
    await call(t, 'POST', `/api/vms/stop/${vm.id}`, { token: user.token, body: {} });
    expect((await shoot()).status).toBe(409);
  });

  it('deleting a machine removes its tasks and screenshots', async () => {
    const user = await signedInUser(t);
    const vm = await machine(user);
    await run(user, vm.id, { task: 'take a screenshot' });
    expect((await call(t, 'POST', `/api/vms/terminate/${vm.id}`, { token: user.token, body: {} })).status).toBe(200);
    expect(await t.database.db.select().from(vmTasks).where(eq(vmTasks.vmId, vm.id))).toEqual([]);
    expect(await t.database.db.select().from(vmScreenshots).where(eq(vmScreenshots.vmId, vm.id))).toEqual([]);
  });
});

describe('a task whose server process died', () => {
  it('is failed by another process once its heartbeat is older than VMS.taskLostAfterMs, once, and the founder told', async () => {
    const user = await signedInUser(t);
    await givePlan(t.database, user.id, 'builder');
    const [silent, alive] = [await machine(user), await machine(user)];
    const at = t.clock.now();
    const [dead] = await t.database.db
      .insert(vmTasks)
      .values([
        { vmId: silent.id, userId: user.id, description: 'open a page', status: 'running', startedAt: new Date(at - 60_000), heartbeatAt: new Date(at - VMS.taskLostAfterMs - 1) },
        { vmId: alive.id, userId: user.id, description: 'open a page', status: 'awaiting_confirmation', startedAt: new Date(at - 60_000), heartbeatAt: new Date(at - 1000) },
      ])
      .returning();
    const events = recordEvents(silent.id);
    const sweep = createComputerUseService({ db: t.database.db, vm: fake, ai: t.models, node: 'other', now: t.clock.now, log: pino({ level: 'silent' }), events: t.vmEvents });

    // A local machine's task cannot go on elsewhere: its browser lived in the process that died.
    expect(await sweep.takeOverSilent()).toEqual({ resumed: 0, failed: 1 });
    expect(await sweep.takeOverSilent()).toEqual({ resumed: 0, failed: 0 });
    expect((await task(user, silent.id)).task).toMatchObject({ status: 'failed', message: VMS.texts.runnerLost });
    expect((await task(user, alive.id)).task).toMatchObject({ status: 'awaiting_confirmation' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'status', taskId: dead!.id, status: 'failed', message: VMS.texts.runnerLost }));
    // The machine takes a new task.
    expect((await run(user, silent.id, { task: 'take a screenshot' })).status).toBe(200);
  });

  /** A hosted machine (any process drives it) with a task its process left after `decisions`, `stepsDone` finished. */
  async function orphanedHostedTask(description: string, decisions: Decision[], stepsDone: number) {
    const user = await signedInUser(t);
    await givePlan(t.database, user.id, 'builder');
    const vm = await machine(user);
    await t.database.db.update(vms).set({ provider: 'hosted' }).where(eq(vms.id, vm.id));
    const at = t.clock.now();
    const [row] = await t.database.db
      .insert(vmTasks)
      .values({ vmId: vm.id, userId: user.id, description, status: 'running', decisions, stepsDone, startedAt: new Date(at - 60_000), heartbeatAt: new Date(at - VMS.taskLostAfterMs - 1) })
      .returning();
    const sweeps = ['b', 'c'].map((node) =>
      createComputerUseService({ db: t.database.db, vm: fake, ai: t.models, node, now: t.clock.now, log: pino({ level: 'silent' }), events: t.vmEvents }),
    );
    return { user, vm, task: row!, sweeps, events: recordEvents(vm.id) };
  }
  const decided = (step: number, action: Decision['action'], text: string | null = null): Decision => ({
    step,
    thought: `Step ${step}.`,
    action,
    coordinate: null,
    text,
    confidence: 0.95,
    timestamp: new Date(t.clock.now()).toISOString(),
  });

  it('on a hosted machine, is taken over by one other process and goes on after its last finished step', async () => {
    const opened = decided(1, 'navigate', 'https://example.com/');
    const { user, vm, task: orphan, sweeps, events } = await orphanedHostedTask(
      'open https://example.com/ and wait 1 second and take a screenshot',
      [opened],
      1,
    );
    fake.actions.delete(vm.id);

    // Two processes sweep at once: one takes the task over, the other finds nothing left to do.
    const counts = await Promise.all(sweeps.map((s) => s.takeOverSilent()));
    expect(counts.map((c) => c.resumed).sort()).toEqual([0, 1]);
    expect(counts.every((c) => c.failed === 0)).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: 'status', taskId: orphan.id, status: 'running', message: VMS.texts.taskResumed(1) }));

    const ended = await until(() => task(user, vm.id), (r) => r.task?.status !== 'running');
    expect(ended.task).toMatchObject({ id: orphan.id, status: 'completed', message: 'Done: opened https://example.com/, waited 1 second, took a screenshot.' });
    // The page was not opened again: the steps go on at 2, and the machine only waited.
    expect(ended.decisions.map((d) => [d.step, d.action])).toEqual([[1, 'navigate'], [2, 'wait'], [3, 'screenshot'], [4, 'done']]);
    expect(fake.actions.get(vm.id)).toEqual([{ type: 'wait', ms: 1000 }]);
    const [row] = await t.database.db.select().from(vmTasks).where(eq(vmTasks.id, orphan.id));
    expect(row).toMatchObject({ resumes: 1, stepsDone: 4 });
  });

  it('on a hosted machine, ends rather than repeat a click, typing or key press that was under way', async () => {
    const { user, vm, task: orphan, sweeps, events } = await orphanedHostedTask(
      'open https://example.com/ and type hello into the name field',
      [decided(1, 'navigate', 'https://example.com/'), decided(2, 'click'), decided(3, 'type', 'hello')],
      2,
    );
    fake.actions.delete(vm.id);
    expect(await sweeps[0]!.takeOverSilent()).toEqual({ resumed: 0, failed: 1 });
    expect((await task(user, vm.id)).task).toMatchObject({ status: 'failed', message: VMS.texts.runnerLostMidAction('type') });
    expect(events).toContainEqual(expect.objectContaining({ type: 'status', taskId: orphan.id, status: 'failed', message: VMS.texts.runnerLostMidAction('type') }));
    expect(fake.actions.get(vm.id)).toBeUndefined();
  });
});

