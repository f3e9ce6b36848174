import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_ROUTES } from '../features/index.ts';
import { eq } from 'drizzle-orm';
import { approvals, authRefreshTokens, authSessions, authUsers, investorEmails, investors, subscriptions, tasks, vms } from '../db/schema.ts';
import { givePlan } from '../test/billing.ts';
import { fillPath, routeTable, type RouteEntry } from '../test/route-table.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Issue 13 §1: every route × method is swept from the live router table — no token, forged tokens, and user A's
// token on user B's ids and objects. Figures: unauthenticated 2xx outside the allow-list = 0, cross-user 2xx = 0.

/**
 * Routes that answer without a bearer, and why. Anything else that answers a request with no valid token fails
 * the sweep.
 */
const NO_BEARER_ALLOW_LIST: { route: string; why: string }[] = [
  ...PUBLIC_API_ROUTES.map((route) => ({ route, why: 'public API (features/index.ts PUBLIC_API_ROUTES)' })),
  { route: 'ANY /auth/v1/*', why: 'the local auth server itself (sign-up, sign-in, refresh): its own rules' },
  { route: 'ANY /dev/mailbox*', why: 'local dev mailbox (only mounted when email is local)' },
  { route: 'GET /auth/:platform', why: 'OAuth popup: takes a single-use ?code= from POST /api/user/connections/:platform/code, never a bearer' },
  { route: 'GET /auth/:platform/callback', why: 'OAuth callback: bound to a stored state, not a bearer' },
];

/** "METHOD /pattern" entries; ANY matches every method, a trailing * a prefix, :params match as written. */
function allowListed(route: RouteEntry): boolean {
  return NO_BEARER_ALLOW_LIST.some(({ route: entry }) => {
    const [method, pattern = ''] = entry.split(' ');
    if (method !== 'ANY' && method !== route.method) return false;
    return pattern.endsWith('*') ? route.path.startsWith(pattern.slice(0, -1)) : route.path === pattern;
  });
}

let t: TestServer;
let a: TestUser;
let b: TestUser;
let table: RouteEntry[];
/** B's objects, by the route parameter that names them. */
const bObjects: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  a = await signedInUser(t);
  b = await signedInUser(t);
  // Builder for both, so the plan gate lets calls through and the ownership check itself is what answers.
  await givePlan(t.database, a.id, 'builder');
  await givePlan(t.database, b.id, 'builder');
  const db = t.database.db;
  const [task] = await db
    .insert(tasks)
    .values({ userId: b.id, description: 'B private task', priority: 5, agent: 'research_agent', category: 'research' })
    .returning();
  const [approval] = await db
    .insert(approvals)
    .values({ userId: b.id, kind: 'marketing_post', post: { platform: 'twitter', text: 'B private draft' } })
    .returning();
  const [investor] = await db
    .insert(investors)
    .values({
      userId: b.id,
      identity: 'email:b-investor@example.com',
      name: 'B Investor',
      email: 'b-investor@example.com',
      verificationScore: 50,
      verificationLevel: 'partial',
      foundAt: new Date(),
    })
    .returning();
  const [email] = await db
    .insert(investorEmails)
    .values({
      userId: b.id,
      investorId: investor!.id,
      recipientEmail: 'b-investor@example.com',
      subject: 'Hello',
      body: 'B private email',
      personalization: { connectionPoints: [], portfolioMentions: [], reasoning: '' },
    })
    .returning();
  const [vm] = await db
    .insert(vms)
    .values({ userId: b.id, name: 'B machine', status: 'STOPPED', provider: 'local', machineType: 'chromium-1280x800' })
    .returning();
  const checkout = await call(t, 'POST', '/api/stripe/create-checkout-session', {
    token: b.token,
    body: { planName: 'scale', interval: 'monthly' },
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  Object.assign(bObjects, {
    userId: b.id,
    taskId: task!.id,
    investorId: investor!.id,
    emailId: email!.id,
    sessionId,
    approvalId: approval!.id,
    vmId: vm!.id,
  });
  table = routeTable(t.app);
}, 60_000);

afterAll(() => t?.close());

/** B's object for a route parameter; `id` means different things under different prefixes. */
function bValue(param: string, route: RouteEntry): string {
  if (param === 'id') {
    if (route.path.startsWith('/api/approvals/')) return bObjects.approvalId!;
    if (route.path.startsWith('/api/vms/') || route.path.startsWith('/api/computer-use/')) return bObjects.vmId!;
  }
  if (param === 'platform') return 'twitter';
  if (param === 'action') return 'stop';
  const value = bObjects[param];
  if (!value) throw new Error(`No value for :${param} in ${route.method} ${route.path}: map it in route-sweep.test.ts`);
  return value;
}

async function forged(kind: 'none' | 'wrong-key' | 'wrong-aud' | 'expired' | 'anon'): Promise<string> {
  const claims = decodeJwt(a.token);
  const sign = (payload: Record<string, unknown>, secret = TEST_JWT_SECRET) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
  switch (kind) {
    case 'none': {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
    }
    case 'wrong-key':
      return sign(claims, 'another-secret-another-secret-another-secret');
    case 'wrong-aud':
      return sign({ ...claims, aud: 'anon' });
    case 'expired':
      return sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3600 });
    case 'anon':
      return t.anonKey;
  }
}

describe('route-table security sweep (issue 13 §1)', () => {
  it('finds the routes of every feature', () => {
    expect(table.length).toBeGreaterThan(80);
    expect(table).toContainEqual({ method: 'GET', path: '/api/tasks/:userId' });
  });

  it('refuses every non-allow-listed route without a valid token (none, garbage, alg none, wrong key, wrong aud, expired, anon key)', async () => {
    const tokens: [string, string | undefined][] = [
      ['no token', undefined],
      ['garbage', 'not-a-jwt'],
      ['alg none', await forged('none')],
      ['wrong key', await forged('wrong-key')],
      ['wrong aud', await forged('wrong-aud')],
      ['expired', await forged('expired')],
      ['anon key', await forged('anon')],
    ];
    const leaks: string[] = [];
    let checked = 0;
    for (const route of table.filter((r) => !allowListed(r))) {
      const path = fillPath(route, (param) => (param === 'platform' ? 'twitter' : a.id));
      for (const [name, token] of tokens) {
        const res = await call(t, route.method, path, { token, body: route.method === 'GET' ? undefined : {} });
        checked += 1;
        if (res.status !== 401) leaks.push(`${route.method} ${route.path} with ${name} → ${res.status}`);
      }
    }
    console.log(`route sweep: ${checked} requests without a valid token, answered outside the allow-list = ${leaks.length} (threshold 0)`);
    expect(checked).toBeGreaterThan(400);
    expect(leaks).toEqual([]);
  }, 120_000);

  it("never lets user A read or change user B's ids and objects", async () => {
    const before = JSON.stringify(await snapshotB());
    const leaks: string[] = [];
    let checked = 0;
    for (const route of table.filter((r) => !allowListed(r) && r.path.includes(':'))) {
      const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      if (params.every((p) => p === 'platform')) continue; // the caller's own connections: no other user in the path
      const path = fillPath(route, bValue);
      const res = await call(t, route.method, path, {
        token: a.token,
        body: route.method === 'GET' ? undefined : { approved: true, status: 'contacted', decision: 'approve' },
        headers: { 'x-user-id': a.id },
      });
      checked += 1;
      if (res.status < 400) leaks.push(`${route.method} ${path} → ${res.status}`);
    }
    // The routes that name the user outside the path: a query, a header and a body.
    const extra: [string, string, { body?: unknown; headers?: Record<string, string> }][] = [
      ['GET', `/api/realtime-voice/session?userId=${b.id}`, {}],
      ['GET', '/api/autonomous/settings', { headers: { 'x-user-id': b.id } }],
      ['POST', '/api/autonomous/enable', { headers: { 'x-user-id': b.id }, body: {} }],
      ['POST', '/api/realtime-voice/cleanup', { body: { userId: b.id } }],
    ];
    for (const [method, path, options] of extra) {
      const res = await call(t, method, path, { token: a.token, ...options });
      checked += 1;
      if (res.status < 400) leaks.push(`${method} ${path} → ${res.status}`);
    }
    console.log(`route sweep: ${checked} requests with user A's token on user B's ids, cross-user 2xx = ${leaks.length} (threshold 0)`);
    expect(checked).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
    expect(JSON.stringify(await snapshotB())).toBe(before);
  }, 120_000);
});

describe('mass assignment and exposure (issue 13 §2)', () => {
  /** Fields a caller may never set: whose row it is, which row, their plan or role, a stored status. */
  const hostile = (userId: string) => ({
    userId,
    user_id: userId,
    id: '00000000-0000-4000-8000-000000000000',
    role: 'service_role',
    isAdmin: true,
    plan: 'scale',
    planName: 'scale',
    subscriptionStatus: 'active',
    email: 'attacker@example.com',
  });

  it("bodies naming another user, a plan or a role change nothing of B's and no plan of A's", async () => {
    const before = JSON.stringify(await snapshotB());
    const writes = table.filter((r) => !allowListed(r) && ['POST', 'PUT', 'PATCH'].includes(r.method));
    for (const route of writes) {
      // The caller's own ids in the path: only the body tries to reach further.
      const path = fillPath(route, (param) => (param === 'platform' ? 'twitter' : param === 'userId' ? a.id : bValue(param, route)));
      await call(t, route.method, path, { token: a.token, body: hostile(b.id), headers: { 'x-user-id': a.id } });
    }
    const changed = JSON.stringify(await snapshotB()) === before ? 0 : 1;
    console.log(`mass assignment: ${writes.length} write routes with hostile fields, changes to another user's rows = ${changed} (threshold 0)`);
    expect(writes.length).toBeGreaterThan(30);
    expect(JSON.stringify(await snapshotB())).toBe(before);
    const [plan] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, a.id));
    expect(plan?.plan).toBe('builder');
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, a.id));
    expect(user?.email).toBe(a.email);
  }, 120_000);

  it('no response carries a secret: Stripe keys, password hashes, refresh tokens, the JWT secret, the bearer itself', async () => {
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, a.id));
    const refresh = await t.database.db
      .select({ token: authRefreshTokens.token })
      .from(authRefreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, authRefreshTokens.sessionId))
      .where(eq(authSessions.userId, a.id));
    // The caller's own bearer too: echoed into a body or a redirect Location it would end up in logs (ASVS 14.2.1).
    const exact = [a.token, user!.encryptedPassword, TEST_JWT_SECRET, t.app.tokenKey.toString('hex'), t.app.tokenKey.toString('base64'), ...refresh.map((r) => r.token)];
    expect(refresh.length).toBeGreaterThan(0);
    const patterns = [/\bsk_(live|test)_[A-Za-z0-9]+/, /\$2[aby]\$\d\d\$/, /-----BEGIN [A-Z ]*PRIVATE KEY-----/];
    const found: string[] = [];
    let scanned = 0;
    for (const route of table.filter((r) => !r.path.startsWith('/auth/v1/') && !r.path.startsWith('/dev/'))) {
      const path = fillPath(route, (param) => (param === 'platform' ? 'twitter' : param === 'userId' ? a.id : bValue(param, route)));
      const res = await call(t, route.method, path, {
        token: a.token,
        body: route.method === 'GET' ? undefined : {},
        headers: { 'x-user-id': a.id },
      });
      const text = `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await res.text()}`;
      scanned += 1;
      for (const secret of exact) if (text.includes(secret)) found.push(`${route.method} ${route.path} leaks a stored secret`);
      for (const pattern of patterns) if (pattern.test(text)) found.push(`${route.method} ${route.path} matches ${pattern}`);
    }
    console.log(`exposure: ${scanned} responses scanned, secrets found = ${found.length} (threshold 0)`);
    expect(scanned).toBeGreaterThan(60);
    expect(found).toEqual([]);
  }, 120_000);
});

/** B's rows in every table the sweep aims at: none may change. */
async function snapshotB() {
  const db = t.database.db;
  return {
    tasks: await db.select().from(tasks).where(eq(tasks.userId, b.id)),
    approvals: await db.select().from(approvals).where(eq(approvals.userId, b.id)),
    investors: await db.select().from(investors).where(eq(investors.userId, b.id)),
    emails: await db.select().from(investorEmails).where(eq(investorEmails.userId, b.id)),
    vms: await db.select().from(vms).where(eq(vms.userId, b.id)),
    plan: await db.select().from(subscriptions).where(eq(subscriptions.userId, b.id)),
  };
}
