import { PLANS, RATE_LIMITS } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usageCounters } from '../db/schema.ts';
import { monthKey } from '../features/usage/usage.service.ts';
import { REPLY_BUDGET } from '../providers/ai/prompt.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { travel } from '../test/clock.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call } from '../test/users.ts';

// Issue 13 §5: a hammer of chat sends against the fake OpenAI, across many minutes of the app's clock. Whatever
// arrives, the model is called only for messages the plan still allows (spend over the plan cap = 0), never
// faster than the per-minute budget, and every model call carries a max-tokens bound.

const ROUNDS = Number(process.env.COST_HAMMER_ROUNDS ?? 6);
const PER_ROUND = 30;
/** The largest reply budget any intern setting asks for: the bound every chat call must stay under. */
const MAX_REPLY_TOKENS = Math.max(...Object.values(REPLY_BUDGET).map((b) => b.maxTokens));

let fake: FakeOpenAi;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model', OPENAI_MAX_RETRIES: '0' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  vi.useRealTimers(); // travel() faked Date
});

describe('cost under a hammer (issue 13 §5)', () => {
  it('calls the model only within the plan and the per-minute budget, each call bounded', async () => {
    const user = await onboardedUser(t);
    const cap = PLANS.free_trial.messagesPerMonth!;
    const used = cap - 25;
    const month = monthKey(new Date(t.clock.now()));
    await t.database.db
      .insert(usageCounters)
      .values({ userId: user.id, month, messages: used })
      .onConflictDoUpdate({ target: [usageCounters.userId, usageCounters.month], set: { messages: used } });
    fake.reset();

    let accepted = 0;
    let sent = 0;
    const perRound: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const statuses = await Promise.all(
        Array.from({ length: PER_ROUND }, (_, i) =>
          call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: `Round ${round} message ${i}` } }).then(
            async (res) => (await res.arrayBuffer(), res.status),
          ),
        ),
      );
      sent += statuses.length;
      const ok = statuses.filter((s) => s === 200).length;
      perRound.push(ok);
      accepted += ok;
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      // The next minute: the per-minute budget opens again, the monthly one does not.
      travel(RATE_LIMITS.chat.windowMs);
    }
    const calls = fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    const overCap = Math.max(0, used + accepted - cap);
    const unbounded = calls.filter((r) => !(typeof r.body.max_tokens === 'number' && r.body.max_tokens <= MAX_REPLY_TOKENS));
    const tokens = calls.reduce((sum, r) => sum + (r.body.max_tokens ?? 0), 0);
    console.log(
      `cost hammer: ${sent} sends over ${ROUNDS} minutes, ${accepted} answered, ${calls.length} model calls (at most ${tokens} reply tokens); spend over the plan cap = ${overCap} (threshold 0), unbounded calls = ${unbounded.length} (threshold 0)`,
    );
    expect(perRound.every((n) => n <= RATE_LIMITS.chat.max)).toBe(true);
    expect(accepted).toBe(cap - used);
    expect(overCap).toBe(0);
    // One model call per answered message, none for refused ones.
    expect(calls).toHaveLength(accepted);
    expect(unbounded).toEqual([]);
    const [row] = await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect(row?.messages).toBe(cap);
  }, 120_000);
});
