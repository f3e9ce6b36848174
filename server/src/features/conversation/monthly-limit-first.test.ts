import { PLANS, RATE_LIMITS } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCounters } from '../../db/schema.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call } from '../../test/users.ts';
import { monthKey, USAGE_LIMIT_MESSAGE } from '../usage/usage.service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t.close());

describe('a send when the month is used up', () => {
  it("answers the monthly limit's text every time, never the per-minute one (issue 25)", async () => {
    const user = await onboardedUser(t);
    const used = PLANS.free_trial.messagesPerMonth!;
    await t.database.db
      .insert(usageCounters)
      .values({ userId: user.id, month: monthKey(new Date()), messages: used })
      .onConflictDoUpdate({ target: [usageCounters.userId, usageCounters.month], set: { messages: used } });
    // More tries in a minute than the per-minute budget allows: the monthly limit applies to each of them.
    for (let i = 0; i <= RATE_LIMITS.chat.max; i++) {
      const res = await call(t, 'POST', `/api/conversation/${user.id}`, {
        token: user.token,
        body: { role: 'user', text: `Try ${i}` },
      });
      expect(res.status, `try ${i}`).toBe(429);
      expect(await res.json(), `try ${i}`).toEqual({ error: { code: 'rate_limited', message: USAGE_LIMIT_MESSAGE } });
    }
  });
});
