import {
  ConversationResponse,
  GenerateTasksResponse,
  SendMessageResponse,
  SimulateTextResponse,
  TaskListResponse,
  TaskResultResponse,
  agentForTask,
  AGENT_CATEGORY,
  type ListedTask,
  type ModelConnectionInput,
  type OnboardingProfile,
  type PaidPlanId,
  type TaskAgent,
  type TaskResult,
} from '@cofounder/shared';
import pino from 'pino';
import { tasks } from '../db/schema.ts';
import { createTaskExecutor } from '../features/tasks/engine.ts';
import type { AiProvider } from '../providers/ai/port.ts';
import { givePlan } from '../test/billing.ts';
import { CHAT_TEST_OPTIONS, onboardedUser, testProfile } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, type TestUser } from '../test/users.ts';

/** A task after its run: how it ended and its result (null when it has none, e.g. it failed). */
export interface TaskRun {
  task: ListedTask;
  result: TaskResult | null;
}

/**
 * What a case can ask of the product: founders, chat, texts, the task list and a task run through its agent, all on
 * an in-memory server (the one the server's tests use) with the AI provider under evaluation. Everything goes through
 * the HTTP API or the task engine, so a case sees what a founder would.
 */
export interface EvalEnv {
  /** Who answers the founders (their connected model's name, or the server default's producer): labels must say it. */
  producer: string;
  /** A signed-in founder who finished onboarding with this profile (its first plan stored), on `plan` if given. */
  founder(profile?: Partial<OnboardingProfile>, plan?: PaidPlanId): Promise<TestUser>;
  chat(user: TestUser, text: string): Promise<SendMessageResponse>;
  tasks(user: TestUser): Promise<TaskListResponse>;
  /** Files the task under `agent` (default: the planner's routing) and runs it once through the task engine. */
  runTask(user: TestUser, description: string, agent?: TaskAgent): Promise<TaskRun>;
  /** POST /api/tasks/{userId}/generate: a new plan from the profile. */
  generate(user: TestUser): Promise<GenerateTasksResponse>;
  /** Verifies a phone for the founder (once) and texts the co-founder; the replies and the chat's copy of the answer. */
  text(user: TestUser, body: string): Promise<{ replies: string[]; answer: string; producedBy: string | null }>;
  close(): Promise<void>;
}

async function json<T>(res: Response, schema: { parse(v: unknown): T }): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return schema.parse(await res.json());
}

/**
 * The eval's server, answering with `ai` as its default; with `connection`, every founder first connects that model
 * in Settings → Model (PUT /api/model-settings), so the suite grades a founder's own model through the same path.
 */
export async function startEvalEnv(ai: AiProvider, connection?: ModelConnectionInput): Promise<EvalEnv> {
  const t: TestServer = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false' },
    ai,
  });
  const run = createTaskExecutor({ db: t.database.db, ai: t.models, now: () => t.clock.now(), log: pino({ level: 'silent' }) });
  const phones = new Map<string, string>();
  let jobs = 0;
  let phonesGiven = 0;

  async function phoneOf(user: TestUser): Promise<string> {
    const known = phones.get(user.id);
    if (known) return known;
    const phone = `+1415777${String(1000 + phonesGiven++).padStart(4, '0')}`;
    const gen = await call(t, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} });
    const { code } = (await gen.json()) as { code: string };
    await call(t, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from: phone, body: code } });
    phones.set(user.id, phone);
    return phone;
  }

  async function connect(user: TestUser): Promise<void> {
    const res = await call(t, 'PUT', '/api/model-settings', { token: user.token, body: connection });
    if (!res.ok) throw new Error(`connecting ${connection!.chatModel} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }

  const env: EvalEnv = {
    producer: connection ? connection.chatModel : ai.producer,
    async founder(profile = {}, plan) {
      const user = await onboardedUser(t, testProfile(profile), connection ? connect : undefined);
      if (plan) await givePlan(t.database, user.id, plan);
      return user;
    },
    chat: async (user, text) =>
      json(await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text } }), SendMessageResponse),
    tasks: async (user) => json(await call(t, 'GET', `/api/tasks/${user.id}?status=all`, { token: user.token }), TaskListResponse),
    async runTask(user, description, agent = agentForTask(description)) {
      const [task] = await t.database.db
        .insert(tasks)
        .values({ userId: user.id, description, priority: 5, agent, category: AGENT_CATEGORY[agent] })
        .returning();
      await run(task!.id, `eval-${++jobs}`, true);
      const listed = (await env.tasks(user)).tasks.find((x) => x.id === task!.id)!;
      const res = await call(t, 'GET', `/api/tasks/${task!.id}/result`, { token: user.token });
      return { task: listed, result: res.status === 404 ? null : (await json(res, TaskResultResponse)).result };
    },
    generate: async (user) =>
      json(await call(t, 'POST', `/api/tasks/${user.id}/generate`, { token: user.token }), GenerateTasksResponse),
    async text(user, body) {
      const from = await phoneOf(user);
      const sent = await call(t, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from, body } });
      const { replies } = await json(sent, SimulateTextResponse);
      const thread = await json(await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token }), ConversationResponse);
      const answer = thread.messages.findLast((m) => m.role === 'intern');
      return { replies, answer: answer?.text ?? '', producedBy: answer?.producedBy ?? null };
    },
    close: () => t.close(),
  };
  return env;
}
