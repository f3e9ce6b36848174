import {
  ActivityResponse,
  ApprovalsResponse,
  OFFLINE_PRODUCER,
  TaskListResponse,
  TaskPlan,
  TaskResultResponse,
} from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, approvals, taskResults, tasks, type TaskRow } from '../../db/schema.ts';
import { createOpenAiProvider } from '../../providers/ai/openai.ts';
import { fixedModels } from '../../providers/ai/port.ts';
import { askAbout, internalActivity, type Agent } from '../agents/agent.ts';
import { AGENTS } from '../agents/index.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { createTaskExecutor } from './engine.ts';

// Issue 22 §2: every AI-made artifact records what produced it, and offline work is a draft that needs the
// founder's input — completed by status, never counted as achieved in the Success Rate.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, queue: { pollingIntervalSeconds: 0.5, busyDelaySeconds: 1 } });
});
afterAll(() => t.close());

const get = async (user: TestUser, path: string) => (await call(t, 'GET', path, { token: user.token })).json();
const taskList = async (user: TestUser) => TaskListResponse.parse(await get(user, `/api/tasks/${user.id}`));

async function addTasks(user: TestUser, rows: Pick<TaskRow, 'description' | 'agent' | 'category'>[]): Promise<TaskRow[]> {
  return t.database.db
    .insert(tasks)
    .values(rows.map((r) => ({ ...r, userId: user.id, priority: 5 })))
    .returning();
}

/** The founder's task list once none is pending or in progress. */
function settled(user: TestUser): Promise<TaskListResponse> {
  return vi.waitFor(
    async () => {
      const body = await taskList(user);
      if (body.pending > 0 || body.in_progress > 0) throw new Error('tasks did not settle');
      return body;
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('provenance with the offline co-founder', () => {
  it('stamps results, activities and drafted posts "offline"; the results need input and are not achieved', async () => {
    const user = await signedInUser(t);
    const added = await addTasks(user, [
      { description: 'Research the market for invoicing tools for freelancers', agent: 'research_agent', category: 'research' },
      { description: 'Write a launch post about our invoicing tool', agent: 'marketing_agent', category: 'marketing' },
    ]);
    await t.queue!.enqueue(added);
    const list = await settled(user);
    // The post may wait for X and Reddit (paused); whatever completed is a draft that needs input.
    expect(list.completed + list.paused).toBe(2);
    expect(list).toMatchObject({ failed: 0, achieved: 0, needs_input: list.completed });
    const research = list.tasks.find((x) => x.agent === 'research_agent')!;
    expect(research).toMatchObject({ status: 'completed', outcome: 'needs_input' });

    for (const task of added) {
      const { result } = TaskResultResponse.parse(await get(user, `/api/tasks/${task.id}/result`));
      expect(result).toMatchObject({ producedBy: OFFLINE_PRODUCER, outcome: 'needs_input' });
    }
    const feed = ActivityResponse.parse(await get(user, `/api/activities/${user.id}?limit=50`));
    const ofTasks = feed.activities.filter((a) => a.taskId !== null);
    expect(ofTasks.length).toBeGreaterThanOrEqual(2);
    expect(ofTasks.every((a) => a.producedBy === OFFLINE_PRODUCER)).toBe(true);
    const inbox = ApprovalsResponse.parse(await get(user, '/api/approvals'));
    expect(inbox.approvals.length).toBeGreaterThan(0);
    expect(inbox.approvals.every((a) => a.producedBy === OFFLINE_PRODUCER)).toBe(true);
  });

  it('counts a task done by hand as achieved, and drafts needing input only once they are completed', async () => {
    const user = await signedInUser(t);
    const [byHand, draft, open] = await addTasks(user, [
      { description: 'Call three customers', agent: 'sales_agent', category: 'sales' },
      { description: 'Benchmark the pricing of 5 SaaS tools', agent: 'research_agent', category: 'research' },
      { description: 'Draft the onboarding email', agent: 'marketing_agent', category: 'marketing' },
    ]);
    await t.database.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, byHand!.id));
    await t.database.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, draft!.id));
    const result = { summary: 'Worksheet', content: 'Fill in the prices', tokens: 0, costUsd: 0, completedAt: new Date() };
    await t.database.db.insert(taskResults).values({ taskId: draft!.id, ...result, producedBy: 'offline', outcome: 'needs_input' });
    // An open task's earlier draft (reopened to run again) is not counted: it is not completed.
    await t.database.db.insert(taskResults).values({ taskId: open!.id, ...result, producedBy: 'offline', outcome: 'needs_input' });
    const list = await taskList(user);
    expect(list).toMatchObject({ total: 3, completed: 2, pending: 1, achieved: 1, needs_input: 1 });
    expect(Object.fromEntries(list.tasks.map((x) => [x.description, x.outcome]))).toEqual({
      'Call three customers': null,
      'Benchmark the pricing of 5 SaaS tools': 'needs_input',
      'Draft the onboarding email': 'needs_input',
    });
  });
});

describe('provenance with a model (fake OpenAI)', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it("stamps the model's name on the result, its activities and drafts; its validated output is achieved", async () => {
    const ai = createOpenAiProvider({ apiKey: 'test', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 5_000, maxRetries: 0 });
    // One agent that asks the model for a structured answer (the fake's default task plan) and drafts a post.
    const planner: Agent = async (input) => {
      const { value, usage } = await askAbout(input, 'task_plan', TaskPlan, 'List the next steps.');
      const steps = value.tasks.map((x) => x.description);
      return {
        summary: `${steps.length} next steps`,
        content: steps.join('\n'),
        data: { steps },
        activities: [internalActivity('Planned next steps', steps.join('; '), 'Asked the model', 'A plan')],
        usage,
        approvals: [{ platform: 'twitter', text: steps[0]! }],
      };
    };
    const run = createTaskExecutor({
      db: t.database.db,
      ai: fixedModels(ai),
      now: () => t.clock.now(),
      log: pino({ level: 'silent' }),
      agents: { ...AGENTS, research_agent: planner },
    });
    const user = await signedInUser(t);
    const [task] = await addTasks(user, [{ description: 'Plan the launch week', agent: 'research_agent', category: 'research' }]);
    expect(await run(task!.id, 'job-provenance', true)).toBe('done');

    const { result } = TaskResultResponse.parse(await get(user, `/api/tasks/${task!.id}/result`));
    expect(result).toMatchObject({ producedBy: 'fake-model', outcome: 'achieved', summary: '2 next steps' });
    const [activity] = await t.database.db.select().from(activities).where(eq(activities.taskId, task!.id));
    expect(activity!.producedBy).toBe('fake-model');
    const [draft] = await t.database.db.select().from(approvals).where(eq(approvals.taskId, task!.id));
    expect(draft!.producedBy).toBe('fake-model');
    expect(await taskList(user)).toMatchObject({ completed: 1, achieved: 1, needs_input: 0 });
  });
});
