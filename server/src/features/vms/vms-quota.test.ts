import { liveMachineLimit, PLANS, VMS, VmListResponse, VmResponse, type VmAction } from '@cofounder/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { createFakeVm, type FakeVm } from '../../test/fake-vm.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

// Machine quotas (security issue 20 item 10): per founder by plan, and the server-wide cap. The fake server runs
// at most CAP machines, so a scale founder (3 machines) is held to CAP − VMS.reservedServerSlots = 2.

const CAP = 3;
let t: TestServer;
let fake: FakeVm;
beforeAll(async () => {
  fake = createFakeVm({ capacity: CAP });
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, vm: fake });
});
// Each test starts on an empty server (the founders of earlier tests are not used again).
afterEach(() => fake.shutdown());
afterAll(() => t.close());

const launch = (user: TestUser) => call(t, 'POST', '/api/vms/launch', { token: user.token, body: {} });
const act = (user: TestUser, action: VmAction, id: string) => call(t, 'POST', `/api/vms/${action}/${id}`, { token: user.token, body: {} });
const list = async (user: TestUser) =>
  VmListResponse.parse(await (await call(t, 'GET', '/api/vms/list', { token: user.token })).json()).vms;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function launched(user: TestUser) {
  const res = await launch(user);
  expect(res.status).toBe(200);
  return VmResponse.parse(await res.json()).vm;
}

async function onPlan(plan: 'builder' | 'scale' | 'starter') {
  const user = await signedInUser(t);
  await givePlan(t.database, user.id, plan);
  return user;
}

describe('per-founder machine quota', () => {
  it('answers 429 with the plan’s text at the plan’s machines, and another founder still launches', async () => {
    const trial = await signedInUser(t);
    await launched(trial);
    const refused = await launch(trial);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: VMS.texts.machineLimit(PLANS.free_trial.vmMachines) });
    expect(await list(trial)).toHaveLength(1);

    await launched(await signedInUser(t));
  });

  it('counts live machines on start: a downgraded founder runs no more than the new plan', async () => {
    const user = await onPlan('builder');
    const a = await launched(user);
    const b = await launched(user);
    expect((await act(user, 'stop', a.id)).status).toBe(200);
    expect((await act(user, 'suspend', b.id)).status).toBe(200);
    await givePlan(t.database, user.id, 'starter');

    // The suspended machine still holds a browser: starting the stopped one would make two live on a 1-machine plan.
    const start = await act(user, 'start', a.id);
    expect(start.status).toBe(429);
    expect(await errorOf(start)).toEqual({ code: 'rate_limited', message: VMS.texts.liveLimit(PLANS.starter.vmMachines) });
    expect((await list(user)).find((v) => v.id === a.id)?.status).toBe('STOPPED');
    expect(fake.state(a.id)).toBe('stopped');

    expect((await act(user, 'terminate', b.id)).status).toBe(200);
    expect((await act(user, 'start', a.id)).status).toBe(200);
  });

  it('counts live machines on resume: a downgraded founder resumes no machine while another still holds a browser', async () => {
    const user = await onPlan('builder');
    const a = await launched(user);
    const b = await launched(user);
    expect((await act(user, 'suspend', a.id)).status).toBe(200);
    expect((await act(user, 'suspend', b.id)).status).toBe(200);
    await givePlan(t.database, user.id, 'starter');

    const resume = await act(user, 'resume', a.id);
    expect(resume.status).toBe(429);
    expect((await errorOf(resume)).message).toBe(VMS.texts.liveLimit(PLANS.starter.vmMachines));
    expect(fake.state(a.id)).toBe('suspended');
    expect((await act(user, 'terminate', b.id)).status).toBe(200);
    expect((await act(user, 'resume', a.id)).status).toBe(200);
  });

  it('lets two simultaneous starts take only the one slot the plan leaves', async () => {
    const user = await onPlan('builder');
    const a = await launched(user);
    const b = await launched(user);
    expect((await act(user, 'stop', a.id)).status).toBe(200);
    expect((await act(user, 'stop', b.id)).status).toBe(200);
    await givePlan(t.database, user.id, 'starter');

    const statuses = (await Promise.all([act(user, 'start', a.id), act(user, 'start', b.id)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 429]);
    expect((await list(user)).filter((v) => v.status === 'RUNNING')).toHaveLength(1);
  });

  it('never lets one founder fill the server: a scale founder holds CAP − 1, the last slot stays for others', async () => {
    const limit = liveMachineLimit(PLANS.scale.vmMachines, CAP);
    expect(limit).toBe(CAP - VMS.reservedServerSlots);
    const big = await onPlan('scale');
    for (let i = 0; i < limit; i++) await launched(big);
    const refused = await launch(big);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: VMS.texts.liveLimit(limit) });

    await launched(await signedInUser(t));
  });
});

describe('server-wide machine cap', () => {
  /** Fills the server with two founders' machines, each within their quota. */
  async function fillServer() {
    const big = await onPlan('scale');
    for (let i = 0; i < CAP - 1; i++) await launched(big);
    await launched(await signedInUser(t));
    return big;
  }

  it('answers 503 server_busy with Retry-After and the text when full, never 502, and keeps no card', async () => {
    await fillServer();
    const late = await signedInUser(t);
    const res = await launch(late);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(VMS.serverBusyRetryAfterSeconds));
    expect(await errorOf(res)).toEqual({ code: 'server_busy', message: VMS.texts.serverBusy });
    expect(await list(late)).toEqual([]);
  });

  it('answers 503 to a start on a full server and leaves the machine STOPPED', async () => {
    const user = await onPlan('builder');
    const vm = await launched(user);
    expect((await act(user, 'stop', vm.id)).status).toBe(200);
    await fillServer();

    const res = await act(user, 'start', vm.id);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(VMS.serverBusyRetryAfterSeconds));
    expect((await errorOf(res)).message).toBe(VMS.texts.serverBusy);
    expect((await list(user))[0]?.status).toBe('STOPPED');
  });
});
