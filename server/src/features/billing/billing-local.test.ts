import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING,
  FREE_TRIAL_DAYS,
  InvoicesResponse,
  LocalCheckoutSession,
  PricingResponse,
  SubscriptionStatusResponse,
  UsageDetails,
  type PaidPlanId,
} from '@cofounder/shared';
import { localCheckoutSessions, subscriptions } from '../../db/schema.ts';
import { expectPassesGate, expectUpgradeRequired } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(async () => {
  await t.close();
});

/** The clock moved past the access token's life: sign in again (same password signedInUser uses). */
async function refresh(...users: TestUser[]) {
  for (const user of users) {
    const { data, error } = await t.supabase().auth.signInWithPassword({ email: user.email, password: 'Str0ng!pass' });
    if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
    user.token = data.session.access_token;
  }
}

const status = async (user: TestUser) =>
  SubscriptionStatusResponse.parse(await (await call(t, 'GET', '/api/stripe/subscription-status', { token: user.token })).json());
const usage = async (user: TestUser) =>
  UsageDetails.parse(await (await call(t, 'GET', '/api/subscription/usage-details', { token: user.token })).json());
const post = (user: TestUser, path: string, body: unknown = {}) => call(t, 'POST', `/api/stripe/${path}`, { token: user.token, body });

async function checkout(user: TestUser, planName: PaidPlanId, interval: 'monthly' | 'yearly' = 'monthly') {
  const res = await post(user, 'create-checkout-session', { planName, interval });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { url: string; sessionId: string };
  expect(body.url).toBe(`/dev/checkout?session_id=${body.sessionId}`);
  expect(body.sessionId).toMatch(/^lcs_/);
  return body.sessionId;
}

/** GET a path of a gated feature (spec 2 §6) as `user`. */
const gated = (user: TestUser, path = `/api/sms/status/${user.id}`) => call(t, 'GET', path, { token: user.token });

/** Checkout and Pay on the local checkout page: the user then holds the plan. */
async function subscribe(user: TestUser, plan: PaidPlanId, interval: 'monthly' | 'yearly' = 'monthly') {
  const sessionId = await checkout(user, plan, interval);
  const paid = await post(user, `local-checkout/${sessionId}`, { action: 'pay' });
  expect(paid.status).toBe(200);
  expect(await paid.json()).toEqual({ success: true, redirectUrl: `/subscription/success?session_id=${sessionId}` });
  return sessionId;
}

describe('pricing and config (local provider)', () => {
  it('answers the plans without a token, with local price ids and formatted prices', async () => {
    const res = await call(t, 'GET', '/api/stripe/pricing');
    expect(res.status).toBe(200);
    const body = PricingResponse.parse(await res.json());
    expect(Object.keys(body.pricing).sort()).toEqual(['builder', 'scale', 'starter']);
    expect(body.pricing.starter).toEqual({
      name: 'Starter',
      monthly: { priceId: 'local_starter_monthly', displayPrice: '$29' },
      yearly: { priceId: 'local_starter_yearly', displayPrice: '$278', monthlyEquivalent: '$23.17' },
    });
    expect(body.pricing.scale.yearly.displayPrice).toBe('$1,910');
  });

  it('tells browsers billing is local', async () => {
    const config = (await (await call(t, 'GET', '/api/config')).json()) as { modes: { billing: string } };
    expect(config.modes.billing).toBe('local');
  });

  it('needs a bearer for everything else, and has no webhook in local mode', async () => {
    expect((await call(t, 'GET', '/api/stripe/subscription-status')).status).toBe(401);
    expect((await call(t, 'POST', '/api/stripe/create-checkout-session', { body: { planName: 'starter', interval: 'monthly' } })).status).toBe(401);
    expect((await call(t, 'POST', '/api/stripe/webhook', { body: { id: 'evt_1' } })).status).toBe(404);
  });
});

describe('local checkout', () => {
  it('starts on the free trial', async () => {
    const user = await signedInUser(t);
    const s = await status(user);
    expect(s).toMatchObject({ hasSubscription: false, plan: 'free_trial', planName: 'Free Trial', status: null, interval: null, trialExpired: false, provider: 'local' });
    expect(new Date(s.trialEndsAt!).getTime()).toBeGreaterThan(t.clock.now() + FREE_TRIAL_DAYS * DAY - 60_000);
  });

  it('pay → the subscription is active, the invoice listed and the session valid (for its owner only)', async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const sessionId = await checkout(user, 'builder');
    const order = await call(t, 'GET', `/api/stripe/local-checkout/${sessionId}`, { token: user.token });
    expect(LocalCheckoutSession.parse(await order.json()).session).toEqual({
      id: sessionId,
      plan: 'builder',
      planName: 'Builder',
      interval: 'monthly',
      amount: 7900,
      displayPrice: '$79',
      status: 'open',
    });
    expect((await call(t, 'GET', `/api/stripe/local-checkout/${sessionId}`, { token: other.token })).status).toBe(404);
    expect((await post(other, `local-checkout/${sessionId}`, { action: 'pay' })).status).toBe(404);
    expect(await (await post(user, 'validate-session', { sessionId })).json()).toMatchObject({ valid: false });

    const paid = await post(user, `local-checkout/${sessionId}`, { action: 'pay' });
    expect(await paid.json()).toEqual({ success: true, redirectUrl: `/subscription/success?session_id=${sessionId}` });
    // A second click changes nothing.
    expect((await post(user, `local-checkout/${sessionId}`, { action: 'pay' })).status).toBe(409);

    const s = await status(user);
    expect(s).toMatchObject({ hasSubscription: true, plan: 'builder', interval: 'monthly', status: 'active', cancelAtPeriodEnd: false, trialEndsAt: null });
    const periodEnd = new Date(s.nextBillingDate!);
    expect(periodEnd.getTime() - t.clock.now()).toBeGreaterThan(27 * DAY);
    expect(periodEnd.getTime() - t.clock.now()).toBeLessThan(32 * DAY);

    const invoices = InvoicesResponse.parse(await (await call(t, 'GET', '/api/stripe/invoices', { token: user.token })).json());
    expect(invoices.invoices).toHaveLength(1);
    expect(invoices.invoices[0]).toMatchObject({ amount: 7900, currency: 'usd', status: 'paid', url: null });
    expect(await (await post(user, 'validate-session', { sessionId })).json()).toEqual({ success: true, valid: true, plan: 'builder', interval: 'monthly' });
    // Another account's session is answered exactly as one that does not exist.
    const theirs = await (await post(other, 'validate-session', { sessionId })).json();
    const missing = await (await post(other, 'validate-session', { sessionId: `${sessionId}x` })).json();
    expect(theirs).toEqual({ success: true, valid: false, error: BILLING.sessionNotFoundText });
    expect(missing).toEqual(theirs);
    expect((await usage(user)).plan).toEqual({ name: 'Builder', current: 'builder' });
  });

  it('decline → the failed page with the reason, a failed payment and no plan', async () => {
    const user = await signedInUser(t);
    const sessionId = await checkout(user, 'starter');
    const res = await post(user, `local-checkout/${sessionId}`, { action: 'decline', reason: 'card_declined' });
    expect(await res.json()).toEqual({ success: true, redirectUrl: `/subscription/failed?session_id=${sessionId}&error=card_declined` });
    expect((await status(user)).hasSubscription).toBe(false);
    const invoices = InvoicesResponse.parse(await (await call(t, 'GET', '/api/stripe/invoices', { token: user.token })).json());
    expect(invoices.invoices.map((i) => i.status)).toEqual(['failed']);
    const [row] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    expect(row).toMatchObject({ status: 'declined', declineReason: 'card_declined' });
    expect((await post(user, `local-checkout/${sessionId}`, { action: 'decline', reason: 'bogus' })).status).toBe(400);
  });

  it('refuses the plan already held (409) and an unknown plan (400), writing nothing', async () => {
    const user = await signedInUser(t);
    await subscribe(user, 'starter');
    const again = await post(user, 'create-checkout-session', { planName: 'starter', interval: 'monthly' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(BILLING.alreadySubscribedText);
    const before = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.userId, user.id));
    const unknown = await post(user, 'create-checkout-session', { planName: 'enterprise', interval: 'monthly' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string; field: string } }).error).toMatchObject({ message: BILLING.invalidPlanText, field: 'planName' });
    expect((await post(user, 'create-checkout-session', { planName: 'builder', interval: 'weekly' })).status).toBe(400);
    const after = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.userId, user.id));
    expect(after).toHaveLength(before.length);
    // Another interval of the same plan is a new checkout.
    await checkout(user, 'starter', 'yearly');
  });

  it('expires an unpaid session after its time', async () => {
    const user = await signedInUser(t);
    const sessionId = await checkout(user, 'starter');
    t.clock.advance(BILLING.localCheckoutTtlMs + 1000);
    await refresh(user);
    const order = LocalCheckoutSession.parse(await (await call(t, 'GET', `/api/stripe/local-checkout/${sessionId}`, { token: user.token })).json());
    expect(order.session.status).toBe('expired');
    const res = await post(user, `local-checkout/${sessionId}`, { action: 'pay' });
    expect(await res.json()).toEqual({ success: true, redirectUrl: `/subscription/failed?session_id=${sessionId}&error=session_expired` });
  });
});

describe('changing a local subscription (spec 2 §4)', () => {
  it('upgrade applies now and moves the limits at once', async () => {
    const user = await signedInUser(t);
    await subscribe(user, 'starter');
    expect((await usage(user)).usage.messages.limit).toBe(1000);
    await expectUpgradeRequired(await gated(user));
    const res = await post(user, 'change-plan', { planName: 'builder', interval: 'monthly' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, kind: 'upgrade', message: 'Successfully changed to Builder plan' });
    expect(await status(user)).toMatchObject({ plan: 'builder', status: 'active', scheduledChange: null });
    expect((await usage(user)).usage.messages.limit).toBe(5000);
    await expectPassesGate(await gated(user));
  });

  it('downgrade waits for the period end, cancel keeps the plan active, reactivate and undo take both back', async () => {
    const user = await signedInUser(t);
    await subscribe(user, 'builder');
    const periodEnd = (await status(user)).nextBillingDate!;
    const down = await post(user, 'downgrade-subscription', { targetPlan: 'starter', targetInterval: 'monthly' });
    expect(down.status).toBe(200);
    const body = (await down.json()) as { message: string; effectiveDate: string };
    expect(body.effectiveDate).toBe(periodEnd);
    expect(body.message).toContain('Starter');
    expect(body.message).toMatch(/\d{4}/);
    let s = await status(user);
    expect(s).toMatchObject({ plan: 'builder', hasSubscription: true, scheduledChange: { plan: 'starter', interval: 'monthly', effectiveDate: periodEnd } });
    expect((await usage(user)).usage.messages.limit).toBe(5000);
    await expectPassesGate(await gated(user));

    const cancel = await post(user, 'cancel-subscription');
    expect(await cancel.json()).toEqual({ success: true, message: 'Subscription will cancel at end of period', effectiveDate: periodEnd });
    s = await status(user);
    expect(s).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, plan: 'builder', hasSubscription: true });
    expect((await post(user, 'cancel-subscription')).status).toBe(409);

    const again = await post(user, 'reactivate-subscription');
    expect(again.status).toBe(200);
    expect(await status(user)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, plan: 'builder', scheduledChange: { plan: 'starter' } });
    const undo = await post(user, 'reactivate-subscription');
    expect(await undo.json()).toMatchObject({ message: BILLING.changeUndoneText('Builder', 'Starter') });
    expect(await status(user)).toMatchObject({ cancelAtPeriodEnd: false, plan: 'builder', scheduledChange: null });
    expect((await post(user, 'reactivate-subscription')).status).toBe(409);
  });

  it('refuses changes that are not changes, and changes without a subscription', async () => {
    const user = await signedInUser(t);
    expect((await post(user, 'change-plan', { planName: 'builder', interval: 'monthly' })).status).toBe(409);
    expect((await post(user, 'cancel-subscription')).status).toBe(409);
    expect((await post(user, 'downgrade-subscription', { targetPlan: 'starter', targetInterval: 'monthly' })).status).toBe(409);
    await subscribe(user, 'builder');
    expect((await post(user, 'change-plan', { planName: 'builder', interval: 'monthly' })).status).toBe(400);
    expect((await post(user, 'downgrade-subscription', { targetPlan: 'scale', targetInterval: 'monthly' })).status).toBe(400);
    expect((await post(user, 'change-plan', { planName: 'gold', interval: 'monthly' })).status).toBe(400);
    expect(await status(user)).toMatchObject({ plan: 'builder', scheduledChange: null });
    const portal = await post(user, 'create-portal-session');
    expect(await portal.json()).toEqual({ success: true, url: BILLING.localPortalPath });
  });

  it('rolls the period over lazily: a scheduled downgrade starts, a cancellation ends the plan', async () => {
    const down = await signedInUser(t);
    const gone = await signedInUser(t);
    await subscribe(down, 'builder');
    await subscribe(gone, 'starter');
    await post(down, 'downgrade-subscription', { targetPlan: 'starter', targetInterval: 'monthly' });
    await post(gone, 'cancel-subscription');
    t.clock.advance(32 * DAY);
    await refresh(down, gone);
    const s = await status(down);
    expect(s).toMatchObject({ plan: 'starter', interval: 'monthly', status: 'active', scheduledChange: null, hasSubscription: true });
    expect(new Date(s.nextBillingDate!).getTime()).toBeGreaterThan(t.clock.now());
    expect((await usage(down)).usage.messages.limit).toBe(1000);
    await expectUpgradeRequired(await gated(down));
    const invoices = InvoicesResponse.parse(await (await call(t, 'GET', '/api/stripe/invoices', { token: down.token })).json());
    expect(invoices.invoices[0]).toMatchObject({ amount: 2900, status: 'paid' });
    expect(invoices.invoices).toHaveLength(2);

    expect(await status(gone)).toMatchObject({ plan: 'free_trial', hasSubscription: false, status: null });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, gone.id));
    expect(row!.status).toBe('canceled');
  });
});

describe('trial and plan gating', () => {
  it('answers 402 once the trial has ended, and works again after paying', async () => {
    const user = await signedInUser(t);
    await status(user); // first use: the trial starts
    const send = () => call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'Hello there' } });
    expect((await send()).status).toBe(200);
    t.clock.advance(FREE_TRIAL_DAYS * DAY + 60_000);
    await refresh(user);
    expect(await status(user)).toMatchObject({ trialExpired: true, plan: 'free_trial' });
    const refused = await send();
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: { code: 'payment_required', message: BILLING.trialEndedText } });
    const generate = await call(t, 'POST', `/api/tasks/${user.id}/generate`, { token: user.token, body: {} });
    expect(generate.status).toBe(402);
    await subscribe(user, 'starter');
    expect((await status(user)).trialExpired).toBe(false);
    expect((await send()).status).toBe(200);
  });

  it('gates Builder features: 401 without a token, 403 upgradeRequired below Builder, through to the router from Builder', async () => {
    const trial = await signedInUser(t);
    const starter = await signedInUser(t);
    const builder = await signedInUser(t);
    const scale = await signedInUser(t);
    await subscribe(starter, 'starter');
    await subscribe(builder, 'builder');
    await subscribe(scale, 'scale');
    const paths = (user: TestUser) => [
      `/api/sms/status/${user.id}`,
      `/api/investor-outreach/${user.id}/no-such-route`,
      '/api/agents/investor-outreach/run',
    ];
    // The gate runs after the bearer check: an anonymous call is 401, never the upgrade body.
    for (const path of paths(trial)) {
      const anonymous = await call(t, 'GET', path);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).not.toHaveProperty('upgradeRequired');
    }
    for (const user of [trial, starter]) {
      for (const path of paths(user)) await expectUpgradeRequired(await gated(user, path));
    }
    for (const user of [builder, scale]) {
      for (const path of paths(user)) await expectPassesGate(await gated(user, path));
    }
  });
});
