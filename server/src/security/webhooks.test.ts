import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions } from '../db/schema.ts';
import { MONTHLY_TEST_PRICES, startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../test/fake-stripe.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';
import { twilioSignature, verifyTwilioSignature } from '../providers/sms/twilio.ts';

// Issue 13 §6: Stripe's webhook rules (signature over the raw body, timestamp tolerance, at-most-once effects,
// any delivery order) and Twilio's (the published signature vector, tampering). The Twilio duplicate-delivery
// case lives with the SMS suite (sms-twilio.test.ts), where the signed webhook runs end to end.

let t: TestServer;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: MONTHLY_TEST_PRICES });
  // 120 founders sign up from one address: the sign-up limit is covered by the auth suite.
  t = await startTestServer({
    env: { ...stripe.env, AUTH_RATE_LIMITS: 'false' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function deliver(payload: string, signature: string) {
  return fetch(`${t.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
}

async function checkout(user: TestUser, planName: 'starter' | 'builder' | 'scale' = 'starter') {
  const res = await call(t, 'POST', '/api/stripe/create-checkout-session', { token: user.token, body: { planName, interval: 'monthly' } });
  expect(res.status).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  return { sessionId, sub: stripe.completeCheckout(sessionId) };
}

const rowOf = async (user: TestUser) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0];
const status = async (user: TestUser) =>
  (await (await call(t, 'GET', '/api/stripe/subscription-status', { token: user.token })).json()) as { hasSubscription: boolean; plan: string };
const eventRows = (id: string) => t.database.db.select().from(billingEvents).where(eq(billingEvents.id, id));

describe('Stripe webhooks under attack (issue 13 §6)', () => {
  it('refuses a stale timestamp (outside the 5-minute tolerance) even with a valid signature', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await checkout(user);
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: stripe.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(event.payload, stale)).status).toBe(400);
    expect(await eventRows(event.id)).toHaveLength(0);
    expect(await status(user)).toMatchObject({ hasSubscription: false, plan: 'free_trial' });
  });

  it('refuses a timestamp beyond the tolerance in the future too, and takes one just inside it (issue 20 §11)', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await checkout(user);
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const signedAt = (offset: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) + offset });
    expect((await deliver(event.payload, signedAt(600))).status).toBe(400);
    expect(await eventRows(event.id)).toHaveLength(0);
    expect(await status(user)).toMatchObject({ hasSubscription: false, plan: 'free_trial' });
    expect((await deliver(event.payload, signedAt(240))).status).toBe(200);
    expect(await status(user)).toMatchObject({ hasSubscription: true, plan: 'starter' });
  });

  it('checks the raw body: the same JSON re-serialised (as a parser would) is refused', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await checkout(user);
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const reserialised = JSON.stringify(JSON.parse(event.payload), null, 2);
    expect(reserialised).not.toBe(event.payload);
    expect((await deliver(reserialised, event.header)).status).toBe(400);
    expect(await eventRows(event.id)).toHaveLength(0);
    // A signature made with another secret is refused too.
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_attacker' });
    expect((await deliver(event.payload, otherSecret)).status).toBe(400);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
  });

  it('the same event delivered 10 times at once has one effect', async () => {
    const user = await signedInUser(t);
    const { sessionId } = await checkout(user);
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const replies = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await deliver(event.payload, event.header);
        return { status: res.status, result: ((await res.json()) as { result?: string }).result };
      }),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.result === 'applied')).toHaveLength(1);
    expect(replies.filter((r) => r.result === 'duplicate')).toHaveLength(9);
    expect(await eventRows(event.id)).toHaveLength(1);
    expect((await rowOf(user))?.plan).toBe('starter');
  });

  it('all 120 orderings of a 5-event subscription lifecycle end on the right plan', async () => {
    const orderings = permutations([0, 1, 2, 3, 4]);
    expect(orderings).toHaveLength(120);
    const wrong: string[] = [];
    // Eight founders at a time; each ordering gets its own founder and subscription.
    for (let i = 0; i < orderings.length; i += 8) {
      await Promise.all(
        orderings.slice(i, i + 8).map(async (order) => {
          const user = await signedInUser(t);
          const events = await lifecycle(user);
          for (const index of order) {
            const event = events[index]!;
            const res = await deliver(event.payload, event.header);
            if (res.status !== 200) wrong.push(`${order.join('')}: event ${index} → ${res.status}`);
          }
          const row = await rowOf(user);
          const got = `${row?.plan}/${row?.status}/${row?.cancelAtPeriodEnd}`;
          if (got !== 'builder/active/true') wrong.push(`${order.join('')}: ${got}`);
        }),
      );
    }
    console.log(`webhooks: ${orderings.length} orderings of a 5-event lifecycle, wrong final plans = ${wrong.length} (threshold 0)`);
    expect(wrong).toEqual([]);
  }, 240_000);
});

/**
 * checkout completed (starter) → subscription created → upgraded to Builder → invoice paid → set to cancel at
 * period end. Whatever order they arrive in, the founder ends on Builder, active, cancelling at period end.
 */
async function lifecycle(user: TestUser): Promise<FakeStripeEvent[]> {
  const { sessionId, sub } = await checkout(user);
  const t0 = Math.floor(Date.now() / 1000);
  const completed = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), t0);
  const created = stripe.event('customer.subscription.created', sub, t0 + 1);
  sub.items.data[0]!.price = { ...sub.items.data[0]!.price, id: stripe.env.STRIPE_PRICE_BUILDER_MONTHLY!, unit_amount: 7900 };
  const upgraded = stripe.event('customer.subscription.updated', sub, t0 + 2);
  const invoice = stripe.invoices.find(
    (i) => (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === sub.id,
  )!;
  const paid = stripe.event('invoice.paid', invoice, t0 + 3);
  sub.cancel_at_period_end = true;
  const cancelling = stripe.event('customer.subscription.updated', sub, t0 + 4);
  return [completed, created, upgraded, paid, cancelling];
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('Twilio webhook signatures (issue 13 §6)', () => {
  // Twilio's published example (docs: "Validating requests"): auth token 12345.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };

  it('matches the published test vector', () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(verifyTwilioSignature('12345', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  it('refuses tampered parameters, an added parameter, another URL, another token, a truncated signature', () => {
    const good = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(verifyTwilioSignature('12345', url, { ...params, Digits: '9999' }, good)).toBe(false);
    expect(verifyTwilioSignature('12345', url, { ...params, Body: 'extra' }, good)).toBe(false);
    expect(verifyTwilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=3', params, good)).toBe(false);
    expect(verifyTwilioSignature('54321', url, params, good)).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, good.slice(0, -1))).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, '')).toBe(false);
  });
});
