import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ONLY_TEXT } from '@cofounder/shared';
import { smsMessages, subscriptions } from '../db/schema.ts';
import { LOCAL_ONLY_PATHS } from '../features/index.ts';
import { givePlan } from '../test/billing.ts';
import { mailTo } from '../test/mail.ts';
import { fillPath, routeTable } from '../test/route-table.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Issue 20 §1: the local conveniences act for every account (the dev mailbox holds everyone's sign-in links), so
// they answer only this machine. `remote` shares the database with `local` and sees every client as 203.0.113.7.

let local: TestServer;
let remote: TestServer;
let proxied: TestServer;
let victim: TestUser;
let attacker: TestUser;

beforeAll(async () => {
  local = await startTestServer();
  remote = await startTestServer({ database: local.database, clientAddress: '203.0.113.7' });
  // Behind a trusted proxy on this machine every socket is loopback: the client the proxy names decides.
  proxied = await startTestServer({ database: local.database, env: { TRUST_PROXY: '1' } });
  victim = await signedInUser(local);
  attacker = await signedInUser(local);
  await givePlan(local.database, attacker.id, 'builder');
}, 60_000);

afterAll(async () => {
  await remote?.close();
  await proxied?.close();
  await local?.close();
});

const refused = async (res: Response) => {
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ error: { code: 'forbidden', message: LOCAL_ONLY_TEXT } });
};
/** A browser's page load gets the same refusal as a page. */
const refusedPage = async (res: Response) => {
  expect(res.status).toBe(403);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await res.text()).toContain('answers only on the machine running Cofounder');
};

describe('local-only conveniences (issue 20 §1)', () => {
  it('a client on another machine cannot take over an account through the dev mailbox', async () => {
    const recover = await fetch(`${remote.baseUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: remote.anonKey },
      body: JSON.stringify({ email: victim.email }),
    });
    expect(recover.status).toBe(200);
    const to = encodeURIComponent(victim.email);
    await refused(await fetch(`${remote.baseUrl}/dev/mailbox/messages?to=${to}`));
    await refusedPage(await fetch(`${remote.baseUrl}/dev/mailbox`, { headers: { accept: 'text/html' } }));
    // A header naming this machine changes nothing: the socket's address decides.
    await refused(await fetch(`${remote.baseUrl}/dev/mailbox/messages`, { headers: { 'x-forwarded-for': '127.0.0.1' } }));
    // The founder on the machine itself still reads the recovery mail.
    expect((await mailTo(local.baseUrl, victim.email)).some((m) => /reset/i.test(m.subject))).toBe(true);
  });

  it('every local-only route of the live app refuses another machine, and changes nothing', async () => {
    const routes = routeTable(remote.app).filter((r) => LOCAL_ONLY_PATHS.some((p) => p.test(fillPath(r, () => 'x'))));
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/stripe/local-checkout/:sessionId',
      'GET /dev/mailbox',
      'GET /dev/mailbox/messages',
      'POST /api/sms/simulate/:userId',
      'POST /api/stripe/local-checkout/:sessionId',
    ]);
    const checkout = (await (
      await call(local, 'POST', '/api/stripe/create-checkout-session', {
        token: attacker.token,
        body: { planName: 'scale', interval: 'monthly' },
      })
    ).json()) as { url: string };
    const sessionId = new URL(checkout.url, local.baseUrl).searchParams.get('session_id')!;
    for (const route of routes) {
      const path = fillPath(route, (param) => (param === 'sessionId' ? sessionId : attacker.id));
      const body = route.path.includes('simulate') ? { from: '+14155550100', body: 'create tasks' } : { action: 'pay' };
      await refused(await call(remote, route.method, path, { token: attacker.token, body: route.method === 'GET' ? undefined : body }));
    }
    // Allowed, the payment would have moved the attacker from Builder to Scale.
    // The web app's /dev pages (the local checkout page) and any other /dev path too.
    for (const path of ['/dev/checkout', `/dev/checkout?session_id=${sessionId}`, '/dev/anything']) {
      await refusedPage(await fetch(`${remote.baseUrl}${path}`, { headers: { accept: 'text/html' } }));
      await refused(await fetch(`${remote.baseUrl}${path}`));
    }
    expect(await local.database.db.$count(smsMessages, eq(smsMessages.fromNumber, '+14155550100'))).toBe(0);
    const [plan] = await local.database.db.select().from(subscriptions).where(eq(subscriptions.userId, attacker.id));
    expect(plan?.plan).toBe('builder');
    // Config does not point another machine at a mailbox that refuses it.
    expect(((await (await fetch(`${remote.baseUrl}/api/config`)).json()) as { devMailbox: boolean }).devMailbox).toBe(false);
    expect(((await (await fetch(`${local.baseUrl}/api/config`)).json()) as { devMailbox: boolean }).devMailbox).toBe(true);
  });

  it('behind a trusted proxy, the client the proxy names must be this machine too', async () => {
    await refused(await fetch(`${proxied.baseUrl}/dev/mailbox/messages`, { headers: { 'x-forwarded-for': '203.0.113.7' } }));
    expect((await fetch(`${proxied.baseUrl}/dev/mailbox/messages`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200);
    expect((await fetch(`${proxied.baseUrl}/dev/mailbox/messages`)).status).toBe(200);
  });
});
