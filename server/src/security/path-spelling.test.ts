import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatedFeatureOf, LOCAL_ONLY_TEXT } from '@cofounder/shared';
import { LOCAL_ONLY_PATHS } from '../features/index.ts';
import { fillPath, routeTable, type RouteEntry } from '../test/route-table.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// The router matches a path whatever its case, with or without a trailing slash; a guard that tested the raw path
// with a pattern of its own was passed by `/DEV/mailbox/messages` or `/api/SMS/…`. Every route of the live app is
// called in other spellings (upper case, mixed case, letters percent-encoded, a trailing slash), from this machine
// and from another, and must answer exactly as its own spelling does. `remote` shares `local`'s database and sees
// every client as 203.0.113.7. The sweeps themselves go through `proxied` (a trusted proxy on this machine), each
// request from an address of its own on the chosen machine, so that no per-address limit answers in their place.

const env = { AUTH_RATE_LIMITS: 'false', USER_RATE_LIMITS: 'false' };
let local: TestServer;
let remote: TestServer;
let proxied: TestServer;
let trial: TestUser;
let table: RouteEntry[];

beforeAll(async () => {
  local = await startTestServer({ env });
  remote = await startTestServer({ env, database: local.database, clientAddress: '203.0.113.7' });
  proxied = await startTestServer({ env: { ...env, TRUST_PROXY: '1' }, database: local.database });
  trial = await signedInUser(local);
  table = routeTable(local.app);
}, 60_000);

afterAll(async () => {
  await proxied?.close();
  await remote?.close();
  await local?.close();
});

type Machine = 'this machine' | 'another machine';
let clients = 0;
/** A client address not used before, on this machine (127.x) or another (198.18.x, a benchmarking range). */
function nextClient(machine: Machine): string {
  clients += 1;
  const [hi, lo] = [(clients >> 8) & 255, clients & 255];
  return machine === 'this machine' ? `127.0.${hi}.${lo}` : `198.18.${hi}.${lo}`;
}

/** The route's path with its parameters filled, as segments marked literal or not. */
function segmentsOf(route: RouteEntry): { text: string; literal: boolean }[] {
  const value = (param: string) => (param === 'userId' ? trial.id : param === 'platform' ? 'twitter' : randomUUID());
  return route.path
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith(':') ? { text: fillPath({ ...route, path: part }, value), literal: false } : { text: part, literal: true }));
}

const mixedCase = (text: string) => [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
const encodeFirst = (text: string) =>
  /^[A-Za-z0-9]/.test(text) ? `%${text.charCodeAt(0).toString(16).padStart(2, '0')}${text.slice(1)}` : text;

/** The route's own spelling first, then the others; only literal segments change, the parameters stay. */
function spellings(route: RouteEntry): { name: string; path: string }[] {
  const segments = segmentsOf(route);
  const spell = (change: (text: string) => string) =>
    `/${segments.map((s) => (s.literal ? change(s.text) : s.text)).join('/')}`;
  const canonical = spell((text) => text);
  return [
    { name: 'canonical', path: canonical },
    { name: 'upper case', path: spell((text) => text.toUpperCase()) },
    { name: 'mixed case', path: spell(mixedCase) },
    { name: 'percent-encoded', path: spell(encodeFirst) },
    { name: 'trailing slash', path: `${canonical}/` },
    { name: 'upper case, trailing slash', path: `${spell((text) => text.toUpperCase())}/` },
  ];
}

/** What a client can tell apart: the status and type, and for a JSON error its whole body (pages carry nonces). */
async function answerOf(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return res.status >= 400 && type.startsWith('application/json') ? `${res.status} ${text}` : `${res.status} ${type}`;
}

/** Calls every spelling of each route and lists those that answer unlike the route's own spelling. */
async function differences(machine: Machine, routes: RouteEntry[], token?: string): Promise<{ checked: number; differ: string[] }> {
  const differ: string[] = [];
  let checked = 0;
  for (const route of routes) {
    const [canonical, ...others] = spellings(route);
    const send = (path: string) =>
      call(proxied, route.method, path, {
        token,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        headers: { 'x-forwarded-for': nextClient(machine) },
      });
    const expected = await answerOf(await send(canonical!.path));
    for (const other of others) {
      const got = await answerOf(await send(other.path));
      checked += 1;
      if (got !== expected) differ.push(`${route.method} ${other.path} (${other.name}): ${got.slice(0, 120)} — canonical: ${expected.slice(0, 120)}`);
    }
  }
  return { checked, differ };
}

const gated = (route: RouteEntry) => gatedFeatureOf(route.path) !== null;
const localOnly = (route: RouteEntry) => LOCAL_ONLY_PATHS.some((p) => p.test(fillPath(route, () => 'x')));

describe('one spelling of every path', () => {
  it('the sweep covers the routes that guards decide on', () => {
    expect(table.filter(gated).length).toBeGreaterThan(5);
    expect(table.filter(localOnly).map((r) => `${r.method} ${r.path}`)).toContain('GET /dev/mailbox/messages');
  });

  it('with no token, every route answers in every spelling as it does in its own, from this machine and from another', async () => {
    for (const machine of ['this machine', 'another machine'] as const) {
      const { checked, differ } = await differences(machine, table);
      expect(checked).toBeGreaterThan(400);
      expect(differ).toEqual([]);
    }
  }, 240_000);

  it("a trial founder's token is refused by the plan gate in every spelling, on a gated route from either machine", async () => {
    for (const machine of ['this machine', 'another machine'] as const) {
      const { checked, differ } = await differences(machine, table.filter(gated), trial.token);
      expect(checked).toBeGreaterThan(25);
      expect(differ).toEqual([]);
    }
    const status = await call(local, 'GET', `/api/SMS/status/${trial.id}`, { token: trial.token });
    expect(status.status).toBe(403);
    expect(await status.json()).toMatchObject({ upgradeRequired: true, plan: 'builder' });
  }, 120_000);

  it('another machine gets the local-only refusal in every spelling of every local-only route', async () => {
    const { differ } = await differences('another machine', table.filter(localOnly), trial.token);
    expect(differ).toEqual([]);
    for (const path of ['/DEV/mailbox/messages', '/Dev/Mailbox/Messages', '/%64ev/mailbox/messages', '/dev/mailbox/messages/']) {
      const res = await fetch(`${remote.baseUrl}${path}`);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'forbidden', message: LOCAL_ONLY_TEXT } });
    }
    const simulate = await call(remote, 'POST', `/api/SMS/simulate/${trial.id}`, { token: trial.token, body: { body: 'hi' } });
    expect(simulate.status).toBe(403);
  }, 120_000);

  it('with no token, an API path in any case is a 401, never a 500', async () => {
    for (const path of ['/API/tasks/x', '/Api/tasks/x', '/API/me', '/aPI/usage/x', '/API/nothing-here']) {
      const res = await fetch(`${local.baseUrl}${path}`);
      expect(res.status, path).toBe(401);
    }
  });
});
