import { PatchTaskResponse, TaskResultResponse, VMS, VmResponse, VmTaskResponse, type TaskAgent } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tasks, vmTasks } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, queue: { pollingIntervalSeconds: 0.5, busyDelaySeconds: 1 } });
});
afterAll(() => t.close());

async function storedTask(user: TestUser, agent: TaskAgent, description: string) {
  const category = agent === 'coding_agent' ? 'development' : agent === 'research_agent' ? 'research' : 'marketing';
  const [row] = await t.database.db.insert(tasks).values({ userId: user.id, description, priority: 5, agent, category }).returning();
  return row!;
}
const patch = (user: TestUser, taskId: string, body: unknown) => call(t, 'PATCH', `/api/tasks/${taskId}`, { token: user.token, body });
const launch = async (user: TestUser) =>
  VmResponse.parse(await (await call(t, 'POST', '/api/vms/launch', { token: user.token, body: {} })).json()).vm;

/** The task's result, once it has one. */
function resultOf(user: TestUser, taskId: string) {
  return vi.waitFor(
    async () => {
      const res = await call(t, 'GET', `/api/tasks/${taskId}/result`, { token: user.token });
      const result = res.status === 200 ? TaskResultResponse.parse(await res.json()).result : null;
      if (!result) throw new Error(`no result (${res.status})`);
      return result;
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('agents on a machine', () => {
  it('a research task runs on the chosen machine first and its result carries the final screenshot', async () => {
    const user = await signedInUser(t);
    await givePlan(t.database, user.id, 'builder');
    const vm = await launch(user);
    const task = await storedTask(user, 'research_agent', 'open https://example.com and take a screenshot');
    const res = await patch(user, task.id, { vmId: vm.id });
    expect(res.status).toBe(200);
    expect(PatchTaskResponse.parse(await res.json()).task.vmId).toBe(vm.id);
    await t.queue!.enqueue([task]);

    const result = await resultOf(user, task.id);
    expect(result.data).toMatchObject({ kind: 'research_brief', machineRun: { status: 'completed' } });
    expect((result.data as { screenshot: string }).screenshot).toMatch(/^data:image\/jpeg;base64,/);
    expect(result.content).toContain('## Machine run');

    // It ran like any machine task: in the machine's timeline, tied to the work task.
    const timeline = VmTaskResponse.parse(await (await call(t, 'GET', `/api/computer-use/task/${vm.id}`, { token: user.token })).json());
    expect(timeline.task).toMatchObject({ description: task.description, status: 'completed' });
    const [row] = await t.database.db.select().from(vmTasks).where(eq(vmTasks.engineTaskId, task.id));
    expect(row!.vmId).toBe(vm.id);
  });

  it('a machine run that could not do what was asked ends Failed, with why, in the timeline and the result', async () => {
    const user = await signedInUser(t);
    await givePlan(t.database, user.id, 'builder');
    const vm = await launch(user);
    const task = await storedTask(user, 'research_agent', 'open http://example.com:8080/admin and take a screenshot');
    expect((await patch(user, task.id, { vmId: vm.id })).status).toBe(200);
    await t.queue!.enqueue([task]);

    const message = 'Failed to run task. Blocked: port 8080 is not allowed.';
    const result = await resultOf(user, task.id);
    expect(result.data).toMatchObject({ machineRun: { status: 'failed', message } });
    expect(result.content).toContain(`## Machine run\nOn your machine: ${message}`);
    const timeline = VmTaskResponse.parse(await (await call(t, 'GET', `/api/computer-use/task/${vm.id}`, { token: user.token })).json());
    expect(timeline.task).toMatchObject({ description: task.description, status: 'failed', message });
  });

  it('a machine that cannot take the task is noted and the agent works as before', async () => {
    const user = await signedInUser(t);
    const vm = await launch(user);
    await call(t, 'POST', `/api/vms/stop/${vm.id}`, { token: user.token, body: {} });
    const task = await storedTask(user, 'coding_agent', 'open https://example.com');
    expect((await patch(user, task.id, { vmId: vm.id })).status).toBe(200);
    await t.queue!.enqueue([task]);
    const result = await resultOf(user, task.id);
    expect(result.data).toMatchObject({ kind: 'build_spec', screenshot: null, machineRun: { status: 'skipped', message: VMS.texts.notRunning } });
    expect(result.content).toContain(`The task did not run on your machine: ${VMS.texts.notRunning}`);
  });

  it('only coding and research tasks take a machine, and only the founder’s own', async () => {
    const [user, other] = [await signedInUser(t), await signedInUser(t)];
    const theirs = await launch(other);
    const mine = await launch(user);
    const marketing = await storedTask(user, 'marketing_agent', 'Post about the launch');
    expect((await patch(user, marketing.id, { vmId: mine.id })).status).toBe(400);
    const coding = await storedTask(user, 'coding_agent', 'Build the page');
    expect((await patch(user, coding.id, { vmId: theirs.id })).status).toBe(404);
    expect((await patch(user, coding.id, { vmId: 'not-a-uuid' })).status).toBe(400);
    const cleared = await patch(user, coding.id, { vmId: null });
    expect(PatchTaskResponse.parse(await cleared.json()).task.vmId).toBeNull();
  });
});
