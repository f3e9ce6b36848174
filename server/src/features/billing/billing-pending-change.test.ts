import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, SubscriptionStatusResponse, type PaidPlanId } from '@cofounder/shared';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

// Issue 25, web 10: a scheduled downgrade is never lost silently — cancel puts it aside, Reactivate restores it.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(async () => {
  await t.close();
});

const post = (user: TestUser, path: string, body: unknown = {}) =>
  call(t, 'POST', `/api/stripe/${path}`, { token: user.token, body });
const status = async (user: TestUser) =>
  SubscriptionStatusResponse.parse(
    await (await call(t, 'GET', '/api/stripe/subscription-status', { token: user.token })).json(),
  );

async function subscribe(user: TestUser, planName: PaidPlanId) {
  const { sessionId } = (await (await post(user, 'create-checkout-session', { planName, interval: 'monthly' })).json()) as {
    sessionId: string;
  };
  expect((await post(user, `local-checkout/${sessionId}`, { action: 'pay' })).status).toBe(200);
}

describe('a pending plan change', () => {
  it('survives Cancel then Reactivate, and can be undone', async () => {
    const user = await signedInUser(t);
    await subscribe(user, 'builder');
    const periodEnd = (await status(user)).nextBillingDate!;
    expect((await post(user, 'downgrade-subscription', { targetPlan: 'starter', targetInterval: 'monthly' })).status).toBe(200);
    const pending = { plan: 'starter', interval: 'monthly', effectiveDate: periodEnd };

    expect((await post(user, 'cancel-subscription')).status).toBe(200);
    expect(await status(user)).toMatchObject({ cancelAtPeriodEnd: true, plan: 'builder', scheduledChange: pending });

    const back = await post(user, 'reactivate-subscription');
    expect(back.status).toBe(200);
    expect(((await back.json()) as { message: string }).message).toContain('changes to Starter');
    expect(await status(user)).toMatchObject({ cancelAtPeriodEnd: false, plan: 'builder', scheduledChange: pending });

    const undo = await post(user, 'reactivate-subscription');
    expect(await undo.json()).toEqual({
      success: true,
      message: BILLING.changeUndoneText('Builder', 'Starter'),
      effectiveDate: null,
    });
    expect(await status(user)).toMatchObject({ cancelAtPeriodEnd: false, plan: 'builder', scheduledChange: null });
  });

  it('reactivating a plain cancellation schedules nothing', async () => {
    const user = await signedInUser(t);
    await subscribe(user, 'builder');
    expect((await post(user, 'cancel-subscription')).status).toBe(200);
    expect((await post(user, 'reactivate-subscription')).status).toBe(200);
    expect(await status(user)).toMatchObject({ cancelAtPeriodEnd: false, plan: 'builder', scheduledChange: null });
    expect((await post(user, 'reactivate-subscription')).status).toBe(409);
  });
});
