import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { PAID_PLAN_IDS, PLANS } from '@cofounder/shared';

/**
 * A loopback Stripe speaking the wire format for just the calls the product makes: customers, checkout sessions,
 * subscriptions (retrieve, update, cancel), subscription schedules, the billing portal and invoices. Requests are
 * form-encoded with nested keys (`items[0][price_data][recurring][interval]=month`), as the SDK sends them; errors
 * are `{ error: { type, code, message } }`. Tests drive the real `stripe` SDK against it and sign webhook events
 * with `Stripe.webhooks.generateTestHeaderString`.
 */

type Obj = Record<string, unknown>;

export interface FakePrice {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: number };
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  schedule: string | null;
  metadata: Record<string, string>;
  created: number;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; price: FakePrice; quantity: number; current_period_start: number; current_period_end: number }[];
  };
}

export interface FakeStripeEvent {
  id: string;
  type: string;
  created: number;
  payload: string;
  header: string;
}

export interface FakeStripe {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Env pointing the server's Stripe adapter at this fake (with the configured price ids). */
  env: Record<string, string>;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, FakeSubscription>;
  schedules: Map<string, Obj>;
  invoices: Obj[];
  /** Every request, with its parsed form body. */
  requests: { method: string; path: string; form: Obj }[];
  /** Pays a checkout session: creates its subscription and a paid invoice, marks the session complete. */
  completeCheckout(sessionId: string): FakeSubscription;
  /** Starts the next phase of a subscription's schedule (the period end of a scheduled downgrade). */
  advanceSchedule(subscriptionId: string): FakeSubscription;
  /** A signed event with the object as it is now (created: epoch seconds, default now). */
  event(type: string, object: unknown, created?: number): FakeStripeEvent;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding: nested keys become objects, all-numeric keys become arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter((p) => p !== '');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Obj;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k]);
    return mapped;
  };
  return arrays(root) as Obj;
}

const nowS = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

function addPeriod(start: number, interval: 'month' | 'year'): number {
  const d = new Date(start * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const missing = (what: string, value: string) =>
  new StripeHttpError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${value}'`);
const invalid = (message: string) => new StripeHttpError(400, 'invalid_request_error', 'parameter_invalid', message);

/** Every paid plan's monthly price as a configured Stripe price (yearly ones left to price_data). */
export const MONTHLY_TEST_PRICES: NonNullable<FakeStripeOptions['prices']> = Object.fromEntries(
  PAID_PLAN_IDS.map((id) => [`STRIPE_PRICE_${id.toUpperCase()}_MONTHLY`, { amount: PLANS[id].monthlyPrice * 100, interval: 'month' as const }]),
);

export interface FakeStripeOptions {
  /** Price ids the fake knows, by the server's price env names (e.g. STRIPE_PRICE_STARTER_MONTHLY). */
  prices?: Partial<Record<string, { amount: number; interval: 'month' | 'year' }>>;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, FakeSubscription>();
  const schedules = new Map<string, Obj>();
  const prices = new Map<string, FakePrice>();
  const invoices: Obj[] = [];
  const requests: FakeStripe['requests'] = [];
  const env: Record<string, string> = {};
  for (const [name, def] of Object.entries(options.prices ?? {})) {
    if (!def) continue;
    const priceId = id('price');
    prices.set(priceId, { id: priceId, object: 'price', product: id('prod'), unit_amount: def.amount, currency: 'usd', recurring: { interval: def.interval, interval_count: 1 } });
    env[name] = priceId;
  }

  /** A price param (`price` or `price_data`) as a price object. */
  function priceOf(item: Obj): FakePrice {
    if (typeof item.price === 'string') {
      const price = prices.get(item.price);
      if (!price) throw missing('price', item.price);
      return price;
    }
    const data = item.price_data as Obj | undefined;
    if (!data) throw invalid('Each item needs a price or price_data');
    const recurring = data.recurring as Obj | undefined;
    const interval = recurring?.interval;
    if (interval !== 'month' && interval !== 'year') throw invalid('price_data[recurring][interval] must be month or year');
    if (!data.unit_amount || Number.isNaN(Number(data.unit_amount))) throw invalid('price_data[unit_amount] is required');
    if (data.currency !== 'usd') throw invalid('price_data[currency] must be usd');
    const product = typeof data.product === 'string' ? data.product : data.product_data ? id('prod') : null;
    if (!product) throw invalid('price_data needs product or product_data');
    const price: FakePrice = { id: id('price'), object: 'price', product, unit_amount: Number(data.unit_amount), currency: 'usd', recurring: { interval, interval_count: 1 } };
    prices.set(price.id, price);
    return price;
  }

  function addInvoice(sub: FakeSubscription, amount: number, status: 'paid' | 'open' = 'paid') {
    const item = sub.items.data[0]!;
    const invoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_paid: status === 'paid' ? amount : 0,
      amount_due: amount,
      currency: 'usd',
      created: nowS(),
      description: null,
      hosted_invoice_url: `https://invoice.stripe.test/${sub.id}`,
      status_transitions: { paid_at: status === 'paid' ? nowS() : null },
      lines: { object: 'list', data: [{ description: `1 × plan`, period: { start: item.current_period_start, end: item.current_period_end } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
    invoices.unshift(invoice);
    return invoice;
  }

  const subscription = (subId: string) => {
    const sub = subscriptions.get(subId);
    if (!sub) throw missing('subscription', subId);
    return sub;
  };

  function route(method: string, path: string, form: Obj, query: URLSearchParams): unknown {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.email ?? null, metadata: form.metadata ?? {}, created: nowS() };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') throw invalid('mode must be subscription');
      if (typeof form.customer !== 'string' || !customers.has(form.customer)) throw missing('customer', String(form.customer));
      const items = form.line_items as Obj[] | undefined;
      if (!Array.isArray(items) || items.length !== 1) throw invalid('line_items must hold one item');
      priceOf(items[0]!);
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${baseUrl}/c/pay/${sessionId}`,
        created: nowS(),
        line_items_param: items,
        subscription_data: form.subscription_data ?? {},
      };
      sessions.set(sessionId, session);
      return session;
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(m[1]!);
      if (!session) throw missing('checkout.session', m[1]!);
      return session;
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscription(m[1]!);
      if (method === 'GET') return sub;
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return sub;
      }
      if (method === 'POST') {
        const touches = form.items !== undefined || form.cancel_at_period_end !== undefined;
        if (sub.schedule && touches) {
          throw invalid(`The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed.`);
        }
        if (form.items !== undefined) {
          const items = form.items as Obj[];
          const item = sub.items.data[0]!;
          if (items[0]?.id !== item.id) throw invalid('items[0][id] must be the subscription item');
          const before = item.price;
          item.price = priceOf(items[0]!);
          if (before.recurring.interval !== item.price.recurring.interval) {
            item.current_period_start = nowS();
            item.current_period_end = addPeriod(item.current_period_start, item.price.recurring.interval);
          }
          if (form.proration_behavior === 'create_prorations') addInvoice(sub, Math.max(0, item.price.unit_amount - before.unit_amount));
        }
        if (form.cancel_at_period_end !== undefined) sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
        if (form.metadata) sub.metadata = { ...sub.metadata, ...(form.metadata as Record<string, string>) };
        return sub;
      }
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const sub = subscription(String(form.from_subscription));
      if (sub.schedule) throw invalid('The subscription already has a schedule');
      const item = sub.items.data[0]!;
      const schedule = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        subscription: sub.id,
        customer: sub.customer,
        status: 'active',
        end_behavior: 'release',
        phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] }],
      };
      schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      return schedule;
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/))) {
      const schedule = schedules.get(m[1]!);
      if (!schedule) throw missing('subscription_schedule', m[1]!);
      if (m[2]) {
        schedule.status = 'released';
        const sub = subscriptions.get(String(schedule.subscription));
        if (sub) sub.schedule = null;
        return schedule;
      }
      const phases = form.phases as Obj[] | undefined;
      if (!Array.isArray(phases) || phases.length === 0) throw invalid('phases is required');
      const first = schedule.phases as Obj[];
      if (Number(phases[0]!.start_date) !== Number(first[0]!.start_date)) throw invalid('The current phase must keep its start_date');
      for (const phase of phases) for (const item of (phase.items as Obj[]) ?? []) priceOf(item);
      if (form.end_behavior) schedule.end_behavior = form.end_behavior;
      schedule.phases = phases;
      return schedule;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof form.customer !== 'string' || !customers.has(form.customer)) throw missing('customer', String(form.customer));
      return { id: id('bps'), object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `${baseUrl}/p/session/${id('x')}` };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const customer = query.get('customer');
      const limit = Number(query.get('limit') ?? 10);
      const mine = invoices.filter((inv) => !customer || inv.customer === customer);
      return { object: 'list', url: '/v1/invoices', data: mine.slice(0, limit), has_more: mine.length > limit };
    }
    throw new StripeHttpError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    requests.push({ method: req.method ?? '', path: url.pathname, form });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', code: 'api_key_invalid', message: 'Invalid API Key provided' } });
      return;
    }
    try {
      send(200, route(req.method ?? 'GET', url.pathname, form, url.searchParams));
    } catch (err) {
      if (err instanceof StripeHttpError) send(err.status, { error: { type: err.type, code: err.code, message: err.message } });
      else send(500, { error: { type: 'api_error', message: String(err) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  Object.assign(env, { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE_URL: baseUrl });

  return {
    baseUrl,
    secretKey,
    webhookSecret,
    env,
    customers,
    sessions,
    subscriptions,
    schedules,
    invoices,
    requests,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const price = priceOf((session.line_items_param as Obj[])[0]!);
      const start = nowS();
      const sub: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: String(session.customer),
        status: 'active',
        cancel_at_period_end: false,
        schedule: null,
        metadata: { ...(((session.subscription_data as Obj).metadata as Record<string, string>) ?? {}) },
        created: start,
        items: {
          object: 'list',
          data: [{ id: id('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: addPeriod(start, price.recurring.interval) }],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      addInvoice(sub, price.unit_amount);
      return sub;
    },
    advanceSchedule(subscriptionId) {
      const sub = subscription(subscriptionId);
      const schedule = sub.schedule ? schedules.get(sub.schedule) : undefined;
      const next = (schedule?.phases as Obj[] | undefined)?.[1];
      if (!schedule || !next) throw new Error('no next phase');
      const item = sub.items.data[0]!;
      item.price = priceOf((next.items as Obj[])[0]!);
      item.current_period_start = item.current_period_end;
      item.current_period_end = addPeriod(item.current_period_start, item.price.recurring.interval);
      if (next.metadata) sub.metadata = { ...sub.metadata, ...(next.metadata as Record<string, string>) };
      schedule.status = 'released';
      sub.schedule = null;
      addInvoice(sub, item.price.unit_amount);
      return sub;
    },
    event(type, object, created = nowS()) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: JSON.parse(JSON.stringify(object)) },
      });
      const parsed = JSON.parse(payload) as { id: string };
      return { id: parsed.id, type, created, payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
