import { UsageDetails } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCounters, userPlans } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { monthKey, resetDate } from './usage.service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t.close());

async function details(user: TestUser) {
  const res = await call(t, 'GET', '/api/subscription/usage-details', { token: user.token });
  expect(res.status).toBe(200);
  return UsageDetails.parse(await res.json());
}

const setUsage = (user: TestUser, messages: number, tasks: number) =>
  t.database.db
    .insert(usageCounters)
    .values({ userId: user.id, month: monthKey(new Date(t.clock.now())), messages, tasks })
    .onConflictDoUpdate({ target: [usageCounters.userId, usageCounters.month], set: { messages, tasks } });

describe('usage details', () => {
  it('starts every user on the free trial with nothing used', async () => {
    const user = await signedInUser(t);
    expect(await details(user)).toEqual({
      success: true,
      plan: { name: 'Free Trial', current: 'free_trial' },
      usage: {
        messages: { used: 0, limit: 100, remaining: 100, percentage: 0, unlimited: false },
        tasks: { used: 0, limit: 10, remaining: 10, percentage: 0, unlimited: false },
        voiceMinutes: { used: 0, limit: 15, remaining: 15, percentage: 0, unlimited: false },
      },
      warnings: { messageLimit: null, taskLimit: null, voiceLimit: null },
      currentMonth: { resetDate: resetDate(new Date(t.clock.now())) },
    });
    const [trial] = await t.database.db.select().from(userPlans).where(eq(userPlans.userId, user.id));
    expect(trial!.trialStartedAt).toBeInstanceOf(Date);
  });

  it('warns from 90% and at the limit, and caps the percentage at 100', async () => {
    const user = await signedInUser(t);
    await setUsage(user, 50, 7);
    let d = await details(user);
    expect(d.usage.messages).toMatchObject({ used: 50, remaining: 50, percentage: 50 });
    expect(d.warnings).toEqual({ messageLimit: null, taskLimit: null, voiceLimit: null });

    await setUsage(user, 92, 9);
    d = await details(user);
    expect(d.warnings.messageLimit).toBe("You've used 92 of 100 messages this month.");
    expect(d.warnings.taskLimit).toBe("You've used 9 of 10 tasks this month.");

    await setUsage(user, 150, 10);
    d = await details(user);
    expect(d.usage.messages).toEqual({ used: 150, limit: 100, remaining: 0, percentage: 100, unlimited: false });
    expect(d.warnings.messageLimit).toBe("You've reached your monthly limit of 100 messages. Upgrade your plan to continue.");
    expect(d.warnings.taskLimit).toBe("You've reached your monthly limit of 10 tasks. Upgrade your plan to continue.");
  });

  it('shows voice use in whole minutes, rounded up, with the same warnings', async () => {
    const user = await signedInUser(t);
    const setVoice = (voiceSeconds: number) =>
      t.database.db
        .insert(usageCounters)
        .values({ userId: user.id, month: monthKey(new Date(t.clock.now())), voiceSeconds })
        .onConflictDoUpdate({ target: [usageCounters.userId, usageCounters.month], set: { voiceSeconds } });
    await setVoice(61);
    let d = await details(user);
    expect(d.usage.voiceMinutes).toEqual({ used: 2, limit: 15, remaining: 13, percentage: 13, unlimited: false });
    expect(d.warnings.voiceLimit).toBeNull();
    await setVoice(14 * 60);
    d = await details(user);
    expect(d.warnings.voiceLimit).toBe("You've used 14 of 15 voice minutes this month.");
    await setVoice(15 * 60);
    d = await details(user);
    expect(d.warnings.voiceLimit).toBe("You've reached your monthly limit of 15 voice minutes. Upgrade your plan to continue.");
  });

  it('shows unlimited plans as unlimited', async () => {
    const user = await signedInUser(t);
    await details(user);
    await givePlan(t.database, user.id, 'scale');
    await setUsage(user, 12_000, 500);
    const d = await details(user);
    expect(d.plan).toEqual({ name: 'Scale', current: 'scale' });
    expect(d.usage.messages).toEqual({ used: 12_000, limit: null, remaining: null, percentage: 0, unlimited: true });
    expect(d.warnings).toEqual({ messageLimit: null, taskLimit: null, voiceLimit: null });
  });

  it('counts per calendar month (UTC): last month\'s use is not this month\'s', async () => {
    const user = await signedInUser(t);
    const now = new Date(t.clock.now());
    const lastMonth = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));
    await t.database.db.insert(usageCounters).values({ userId: user.id, month: lastMonth, messages: 100, tasks: 10 });
    const d = await details(user);
    expect(d.usage.messages.used).toBe(0);
    expect(d.currentMonth.resetDate).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
  });

  it('month keys and reset dates are UTC', () => {
    expect(monthKey(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(resetDate(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01T00:00:00.000Z');
    expect(resetDate(new Date('2026-02-10T00:00:00Z'))).toBe('2026-03-01T00:00:00.000Z');
  });
});
