import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING, InvoicesResponse, PricingResponse, SubscriptionStatusResponse, UsageDetails, type PaidPlanId } from '@cofounder/shared';
import { billingEvents, subscriptions } from '../../db/schema.ts';
import { MONTHLY_TEST_PRICES, startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../../test/fake-stripe.ts';
import { expectPassesGate, expectUpgradeRequired } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

let t: TestServer;
let stripe: FakeStripe;

beforeAll(async () => {
  // Monthly prices are configured ids; yearly ones are left out, so checkout sends price_data built from PLANS.
  stripe = await startFakeStripe({ prices: MONTHLY_TEST_PRICES });
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, env: { ...CHAT_TEST_OPTIONS.env, ...stripe.env } });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const status = async (user: TestUser) =>
  SubscriptionStatusResponse.parse(await (await call(t, 'GET', '/api/stripe/subscription-status', { token: user.token })).json());
const usage = async (user: TestUser) =>
  UsageDetails.parse(await (await call(t, 'GET', '/api/subscription/usage-details', { token: user.token })).json());
const post = (user: TestUser, path: string, body: unknown = {}) => call(t, 'POST', `/api/stripe/${path}`, { token: user.token, body });

function deliver(event: FakeStripeEvent, signature: string | null = event.header) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return fetch(`${t.baseUrl}/api/stripe/webhook`, { method: 'POST', headers, body: event.payload });
}

async function delivered(event: FakeStripeEvent): Promise<string> {
  const res = await deliver(event);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: string }).result;
}

async function startCheckout(user: TestUser, planName: PaidPlanId, interval: 'monthly' | 'yearly' = 'monthly', extra: object = {}) {
  const res = await post(user, 'create-checkout-session', { planName, interval, ...extra });
  expect(res.status).toBe(200);
  return (await res.json()) as { url: string; sessionId: string };
}

/** Checkout, pay at the fake, and deliver checkout.session.completed: the user holds the plan. */
async function subscribe(user: TestUser, plan: PaidPlanId, interval: 'monthly' | 'yearly' = 'monthly') {
  const { sessionId } = await startCheckout(user, plan, interval);
  const sub = stripe.completeCheckout(sessionId);
  expect(await delivered(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)))).toBe('applied');
  return { sessionId, sub };
}

/** GET a path of a gated feature (spec 2 §6) as `user`. */
const smsStatus = (user: TestUser) => call(t, 'GET', `/api/sms/status/${user.id}`, { token: user.token });

const rowOf = async (user: TestUser) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0];

describe('Stripe: pricing and checkout', () => {
  it('answers configured price ids, and says billing is real', async () => {
    const body = PricingResponse.parse(await (await call(t, 'GET', '/api/stripe/pricing')).json());
    expect(body.pricing.starter.monthly).toEqual({ priceId: stripe.env.STRIPE_PRICE_STARTER_MONTHLY, displayPrice: '$29' });
    expect(body.pricing.builder.yearly).toMatchObject({ displayPrice: '$758', monthlyEquivalent: '$63.17' });
    const config = (await (await call(t, 'GET', '/api/config')).json()) as { modes: { billing: string } };
    expect(config.modes.billing).toBe('real');
    expect(JSON.stringify(config)).not.toContain(stripe.secretKey);
  });

  it('creates one customer per user and ignores a client price id and return addresses', async () => {
    const user = await signedInUser(t);
    const first = await startCheckout(user, 'starter', 'monthly', {
      priceId: 'price_attacker',
      successUrl: 'https://evil.example/ok',
      cancelUrl: 'https://evil.example/no',
    });
    expect(first.url).toContain(stripe.baseUrl);
    const session = stripe.sessions.get(first.sessionId)!;
    expect(session.success_url).toBe(`${t.baseUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${t.baseUrl}/subscription/failed?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.client_reference_id).toBe(user.id);
    expect(session.metadata).toEqual({ userId: user.id, plan: 'starter', interval: 'monthly' });
    expect(session.line_items_param).toEqual([{ price: stripe.env.STRIPE_PRICE_STARTER_MONTHLY, quantity: '1' }]);

    const second = await startCheckout(user, 'builder', 'yearly');
    const again = stripe.sessions.get(second.sessionId)!;
    expect(again.customer).toBe(session.customer);
    // No yearly price configured: price_data from PLANS.
    expect(again.line_items_param).toEqual([
      { price_data: { currency: 'usd', unit_amount: '75800', recurring: { interval: 'year' }, product_data: { name: 'Cofounder Builder' } }, quantity: '1' },
    ]);
    const customers = stripe.requests.filter((r) => r.path === '/v1/customers' && r.form.metadata && (r.form.metadata as { userId: string }).userId === user.id);
    expect(customers).toHaveLength(1);
    expect((await rowOf(user))!.customerId).toBe(session.customer);
  });

  it('checkout.session.completed links the subscription; validate-session is the owner\'s only', async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const { sessionId } = await startCheckout(user, 'builder');
    expect(await (await post(user, 'validate-session', { sessionId })).json()).toMatchObject({ valid: false });
    const sub = stripe.completeCheckout(sessionId);
    await delivered(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    const s = await status(user);
    expect(s).toMatchObject({ hasSubscription: true, plan: 'builder', interval: 'monthly', status: 'active', provider: 'stripe' });
    expect(s.nextBillingDate).toBe(new Date(sub.items.data[0]!.current_period_end * 1000).toISOString());
    expect((await rowOf(user))!.subscriptionId).toBe(sub.id);
    expect(await (await post(user, 'validate-session', { sessionId })).json()).toEqual({ success: true, valid: true, plan: 'builder', interval: 'monthly' });
    const theirs = await (await post(other, 'validate-session', { sessionId })).json();
    expect(theirs).toMatchObject({ success: true, valid: false });
    expect(typeof theirs.error).toBe('string');
    expect(await (await post(other, 'validate-session', { sessionId: 'cs_nope' })).json()).toMatchObject({ valid: false });
    const held = await post(user, 'create-checkout-session', { planName: 'builder', interval: 'monthly' });
    expect(held.status).toBe(409);
    expect(((await held.json()) as { error: { message: string } }).error.message).toBe(BILLING.alreadySubscribedText);
    expect((await call(t, 'GET', `/api/stripe/local-checkout/${sessionId}`, { token: user.token })).status).toBe(404);
  });
});

describe('Stripe: webhooks', () => {
  it('validate-session stores the plan when the success page comes before the webhook', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await startCheckout(user, 'builder');
    const sub = stripe.completeCheckout(sessionId);
    expect((await status(user)).plan).toBe('free_trial');
    expect(await (await post(user, 'validate-session', { sessionId })).json()).toMatchObject({ valid: true });
    expect(await status(user)).toMatchObject({ plan: 'builder', hasSubscription: true });
    expect((await rowOf(user))!.subscriptionId).toBe(sub.id);
    // The webhook arriving afterwards changes nothing.
    await delivered(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    expect((await status(user)).plan).toBe('builder');
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await startCheckout(user, 'starter');
    stripe.completeCheckout(sessionId);
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const forged = event.header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect((await deliver(event, forged)).status).toBe(400);
    expect((await deliver(event, null)).status).toBe(400);
    const tampered = { ...event, payload: event.payload.replace(user.id, '00000000-0000-4000-8000-000000000000') };
    expect((await deliver(tampered)).status).toBe(400);
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(0);
    expect(await status(user)).toMatchObject({ hasSubscription: false, plan: 'free_trial' });
    expect((await deliver(event)).status).toBe(200);
    expect((await status(user)).plan).toBe('starter');
  });

  it('applies the same event once', async () => {
    const user = await signedInUser(t);
    const { sub } = await subscribe(user, 'starter');
    sub.status = 'past_due';
    const failed = stripe.event('customer.subscription.updated', sub);
    expect(await delivered(failed)).toBe('applied');
    expect((await status(user)).status).toBe('past_due');
    // Fixed by hand in the row; a redelivery of the old event must not undo it.
    await t.database.db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.userId, user.id));
    expect(await delivered(failed)).toBe('duplicate');
    expect((await status(user)).status).toBe('active');
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, failed.id))).toHaveLength(1);
  });

  it('settles out-of-order delivery by event time: updated before created ends on the newer state', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await startCheckout(user, 'starter');
    const sub = stripe.completeCheckout(sessionId);
    const createdAt = Math.floor(Date.now() / 1000);
    const created = stripe.event('customer.subscription.created', sub, createdAt);
    sub.items.data[0]!.price = { ...sub.items.data[0]!.price, id: stripe.env.STRIPE_PRICE_SCALE_MONTHLY!, unit_amount: 19900 };
    const updated = stripe.event('customer.subscription.updated', sub, createdAt + 5);
    expect(await delivered(updated)).toBe('applied');
    expect(await delivered(created)).toBe('stale');
    expect((await status(user)).plan).toBe('scale');
    // The checkout event is older than the stored state: it links, but does not roll the plan back.
    expect(await delivered(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), createdAt))).toBe('stale');
    expect(await status(user)).toMatchObject({ plan: 'scale', hasSubscription: true });
    // An older update arriving late is stale too.
    sub.cancel_at_period_end = true;
    expect(await delivered(stripe.event('customer.subscription.updated', sub, createdAt + 2))).toBe('stale');
    expect((await status(user)).cancelAtPeriodEnd).toBe(false);
  });

  it('invoice.payment_failed → past_due, invoice.paid → active; deleted ends the plan', async () => {
    const user = await signedInUser(t);
    const { sub } = await subscribe(user, 'starter');
    const invoice = stripe.invoices.find((i) => (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === sub.id)!;
    const base = Math.floor(Date.now() / 1000) + 10;
    await delivered(stripe.event('invoice.payment_failed', invoice, base));
    expect((await status(user)).status).toBe('past_due');
    await delivered(stripe.event('invoice.paid', invoice, base + 1));
    expect((await status(user)).status).toBe('active');
    sub.status = 'canceled';
    sub.items.data[0]!.current_period_end = Math.floor(Date.now() / 1000) - 1;
    await delivered(stripe.event('customer.subscription.deleted', sub, base + 2));
    expect(await status(user)).toMatchObject({ hasSubscription: false, plan: 'free_trial', status: null });
  });
});

describe('Stripe: changing plans (spec 2 §4)', () => {
  it('upgrade applies now with proration and moves the limits at once', async () => {
    const user = await signedInUser(t);
    const { sub } = await subscribe(user, 'starter');
    await expectUpgradeRequired(await smsStatus(user));
    const res = await post(user, 'change-plan', { planName: 'builder', interval: 'monthly' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'upgrade', message: 'Successfully changed to Builder plan' });
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`).at(-1)!;
    expect(update.form).toMatchObject({
      proration_behavior: 'create_prorations',
      items: [{ id: sub.items.data[0]!.id, price: stripe.env.STRIPE_PRICE_BUILDER_MONTHLY }],
    });
    expect(await status(user)).toMatchObject({ plan: 'builder', status: 'active' });
    expect((await usage(user)).usage.tasks.limit).toBe(300);
    await expectPassesGate(await smsStatus(user));
  });

  it('downgrade is scheduled for the period end and features stay; the phase change then applies it', async () => {
    const user = await signedInUser(t);
    const { sub } = await subscribe(user, 'builder');
    const periodEnd = new Date(sub.items.data[0]!.current_period_end * 1000).toISOString();
    const res = await post(user, 'downgrade-subscription', { targetPlan: 'starter', targetInterval: 'monthly' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { effectiveDate: string; message: string };
    expect(body.effectiveDate).toBe(periodEnd);
    expect(sub.schedule).toMatch(/^sub_sched_/);
    const phases = stripe.schedules.get(sub.schedule!)!.phases as { items: { price: string }[] }[];
    expect(phases.map((p) => p.items[0]!.price)).toEqual([stripe.env.STRIPE_PRICE_BUILDER_MONTHLY, stripe.env.STRIPE_PRICE_STARTER_MONTHLY]);
    expect(await status(user)).toMatchObject({
      plan: 'builder',
      scheduledChange: { plan: 'starter', interval: 'monthly', effectiveDate: periodEnd },
    });
    await expectPassesGate(await smsStatus(user));
    expect((await usage(user)).usage.messages.limit).toBe(5000);

    stripe.advanceSchedule(sub.id);
    await delivered(stripe.event('customer.subscription.updated', sub, Math.floor(Date.now() / 1000) + 60));
    expect(await status(user)).toMatchObject({ plan: 'starter', scheduledChange: null });
    await expectUpgradeRequired(await smsStatus(user));
  });

  it('cancel keeps the plan active to the period end (putting a pending downgrade aside); reactivate restores both', async () => {
    const user = await signedInUser(t);
    const { sub } = await subscribe(user, 'scale');
    await post(user, 'downgrade-subscription', { targetPlan: 'builder', targetInterval: 'monthly' });
    expect(sub.schedule).not.toBeNull();
    const cancel = await post(user, 'cancel-subscription');
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ message: 'Subscription will cancel at end of period' });
    expect(sub.schedule).toBeNull();
    expect(sub.cancel_at_period_end).toBe(true);
    const aside = { scheduledChange: { plan: 'builder', interval: 'monthly' } };
    expect(await status(user)).toMatchObject({ plan: 'scale', status: 'active', cancelAtPeriodEnd: true, ...aside });
    // Stripe's own word on the cancelled subscription (no schedule) does not forget the downgrade put aside.
    expect(await delivered(stripe.event('customer.subscription.updated', sub, Math.floor(Date.now() / 1000) + 5))).toBe('applied');
    expect(await status(user)).toMatchObject({ cancelAtPeriodEnd: true, ...aside });
    const back = await post(user, 'reactivate-subscription');
    expect(back.status).toBe(200);
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.schedule).not.toBeNull();
    expect(await status(user)).toMatchObject({ plan: 'scale', status: 'active', cancelAtPeriodEnd: false, ...aside });
  });

  it('a checkout for a higher plan replaces the old subscription once it completes', async () => {
    const user = await signedInUser(t);
    const { sub: old } = await subscribe(user, 'starter');
    const { sub } = await subscribe(user, 'scale');
    expect(old.status).toBe('canceled');
    expect((await rowOf(user))!.subscriptionId).toBe(sub.id);
    // The old subscription's deletion arrives afterwards and changes nothing.
    expect(await delivered(stripe.event('customer.subscription.deleted', old, Math.floor(Date.now() / 1000) + 30))).toBe('stale');
    expect(await status(user)).toMatchObject({ plan: 'scale', status: 'active' });
  });

  it('opens the portal and lists invoices from Stripe', async () => {
    const user = await signedInUser(t);
    expect((await post(user, 'create-portal-session')).status).toBe(409);
    await subscribe(user, 'starter');
    const portal = (await (await post(user, 'create-portal-session')).json()) as { url: string };
    expect(portal.url).toContain(stripe.baseUrl);
    const request = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(request.form.return_url).toBe(`${t.baseUrl}/dashboard/settings?tab=subscription`);
    const list = InvoicesResponse.parse(await (await call(t, 'GET', '/api/stripe/invoices?limit=3', { token: user.token })).json());
    expect(list.invoices).toHaveLength(1);
    expect(list.invoices[0]).toMatchObject({ amount: 2900, status: 'paid', currency: 'usd' });
    expect((await call(t, 'GET', '/api/stripe/invoices?limit=0', { token: user.token })).status).toBe(400);
  });
});
