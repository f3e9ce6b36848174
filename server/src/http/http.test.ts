import Router from '@koa/router';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION } from '@cofounder/shared';
import { authRefreshTokens, authSessions, authUsers } from '../db/schema.ts';
import { latestMail, uniqueEmail, verifyLinkOf } from '../test/mail.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../test/server.ts';
import { detectLocalSpeech } from '../providers/voice/local/detect.ts';
import { z } from 'zod';
import { currentUser, ownParam } from './auth.ts';
import { validate } from './validate.ts';

/** A test-only feature: an owner-scoped route, as later areas will have. */
const ownedRoutes = () => {
  const router = new Router();
  router.get('/api/test-owned/:userId', ownParam('userId'), (ctx) => {
    ctx.body = { ok: true, id: currentUser(ctx).id };
  });
  router.post('/api/test-echo', (ctx) => {
    ctx.body = { got: ctx.request.body };
  });
  router.post('/api/test-validated', validate(z.object({ name: z.string().min(1) })), (ctx) => {
    ctx.body = ctx.state.input;
  });
  return router;
};

let t: TestServer;
let session: { access_token: string; user: { id: string } };
beforeAll(async () => {
  t = await startTestServer({ features: [ownedRoutes] });
  session = await signedIn();
});
afterAll(() => t.close());

async function signedIn() {
  const email = uniqueEmail();
  await t.supabase().auth.signUp({ email, password: 'Str0ng!pass' });
  await fetch(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)), { redirect: 'manual' });
  const { data } = await t.supabase().auth.signInWithPassword({ email, password: 'Str0ng!pass' });
  return data.session!;
}

const get = (path: string, token?: string) =>
  fetch(`${t.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const counts = async () => ({
  users: await t.database.db.$count(authUsers),
  sessions: await t.database.db.$count(authSessions),
  refresh: await t.database.db.$count(authRefreshTokens),
});

function resign(changes: JWTPayload, opts: { secret?: string; drop?: string[] } = {}) {
  const claims: JWTPayload = { ...decodeJwt(session.access_token), ...changes };
  for (const k of opts.drop ?? []) delete claims[k];
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(opts.secret ?? TEST_JWT_SECRET));
}

describe('/api guard and errors', () => {
  it('serves the public routes without a token', async () => {
    const speech = detectLocalSpeech();
    expect(await (await get('/api/health')).json()).toEqual({ ok: true });
    const config = await (await get('/api/config')).json();
    expect(config).toEqual({
      supabaseUrl: null,
      supabaseAnonKey: t.anonKey,
      modes: { auth: 'local', database: expect.stringMatching(/local|real/), email: 'local', ai: 'local', billing: 'local' },
      aiModel: null,
      oauthProviders: { google: false, github: false },
      devMailbox: true,
      social: { twitter: false, reddit: false },
      // No key: speech on this machine when pocketsphinx is installed (CI installs it), else off with the install command.
      voice: speech.found
        ? { transcription: true, calls: true, engine: 'local', reason: null }
        : { transcription: false, calls: false, engine: null, reason: speech.reason },
      monitorPort: t.config.monitorPort,
      // The test server's machines are the in-memory fake (test/fake-vm.ts).
      vm: { available: true, mode: 'local', reason: null, hosted: false, pool: false },
    });
  });

  it('requires a bearer for /api/me and every other route', async () => {
    for (const path of ['/api/me', '/api/anything', `/api/test-owned/${session.user.id}`]) {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
    }
    expect((await get('/api/me', session.access_token)).status).toBe(200);
  });

  it('answers an unknown /api route with a JSON 404 once authenticated', async () => {
    const res = await get('/api/nope', session.access_token);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('refuses tampered, expired and foreign tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [header, payload] = session.access_token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const bad = {
      wrongSignature: await resign({}, { secret: 'another-secret-another-secret-another-secret' }),
      algNone: `${noneHeader}.${payload}.`,
      flippedPayload: `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(session.access_token), sub: crypto.randomUUID() })).toString('base64url')}.${session.access_token.split('.')[2]}`,
      noExp: await resign({}, { drop: ['exp'] }),
      wrongAud: await resign({ aud: 'somebody-else' }),
      anonRole: await resign({ role: 'anon' }),
      anonKey: t.anonKey,
    };
    for (const [name, token] of Object.entries(bad)) {
      const res = await get('/api/me', token);
      expect(res.status, name).toBe(401);
    }
    const expired = await get('/api/me', await resign({ iat: now - 7200, exp: now - 60 }));
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.message).toBe('Token expired');
  });

  it('refuses the token of a deleted user', async () => {
    const other = await signedIn();
    expect((await get('/api/me', other.access_token)).status).toBe(200); // now cached
    expect(await t.app.localAuth!.accounts.deleteUser(other.user.id)).toBe(true);
    expect((await get('/api/me', other.access_token)).status).toBe(401);
  });

  it('403 when a path names another user', async () => {
    const mine = await get(`/api/test-owned/${session.user.id}`, session.access_token);
    expect(await mine.json()).toEqual({ ok: true, id: session.user.id });
    const theirs = await get(`/api/test-owned/${crypto.randomUUID()}`, session.access_token);
    expect(theirs.status).toBe(403);
    expect((await theirs.json()).error.code).toBe('forbidden');
  });
});

describe('request bodies', () => {
  const post = (path: string, body: string, token?: string, extra: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
      body,
    });

  it('parses JSON for /api routes', async () => {
    expect(await (await post('/api/test-echo', '{"a":1}', session.access_token)).json()).toEqual({ got: { a: 1 } });
  });

  it('400 on malformed JSON and 413 on an oversized body, in both error formats, writing nothing', async () => {
    const before = await counts();
    const api = await post('/api/test-echo', '{"a":', session.access_token);
    expect(api.status).toBe(400);
    expect((await api.json()).error.code).toBe('bad_request');
    const signup = await post('/auth/v1/signup', '{"email":', undefined, { apikey: t.anonKey, 'x-supabase-api-version': '2024-01-01' });
    expect(signup.status).toBe(400);
    expect((await signup.json()).code).toBe('bad_json');

    const huge = JSON.stringify({ email: uniqueEmail(), password: 'Str0ng!pass', data: { first_name: 'x'.repeat(200_000) } });
    const big = await post('/auth/v1/signup', huge, undefined, { apikey: t.anonKey });
    expect(big.status).toBe(413);
    const bigApi = await post('/api/test-echo', huge, session.access_token);
    expect(bigApi.status).toBe(413);
    expect((await bigApi.json()).error.code).toBe('payload_too_large');
    expect(await counts()).toEqual(before);
  });

  it('400 for a NUL character anywhere in a JSON body (PostgreSQL cannot store it)', async () => {
    for (const body of ['{"name":"a\\u0000b"}', '{"list":["ok","\\u0000"]}', '{"a\\u0000":1}']) {
      const res = await post('/api/test-echo', body, session.access_token);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'bad_request', message: 'Text must not contain NUL characters (\\u0000)' });
    }
    expect((await post('/api/test-echo', '{"name":"a\\\\u0000b"}', session.access_token)).status).toBe(200);
  });

  it('validate() answers 400 validation_failed naming the field', async () => {
    const ok = await post('/api/test-validated', '{"name":"Ada","extra":1}', session.access_token);
    expect(await ok.json()).toEqual({ name: 'Ada' });
    const bad = await post('/api/test-validated', '{"name":""}', session.access_token);
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error).toMatchObject({ code: 'validation_failed', field: 'name' });
    expect(error.message).toMatch(/^name: /);
  });

  it('validation_failed names the field on /auth/v1 too', async () => {
    const res = await post('/auth/v1/signup', JSON.stringify({ email: uniqueEmail(), password: 12345678 }), undefined, {
      apikey: t.anonKey,
      'x-supabase-api-version': '2024-01-01',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toMatch(/^password: /);
  });
});

describe('CORS', () => {
  it("allows the dashboard and the product's own extension, not other sites or other extensions", async () => {
    const preflight = (origin: string) =>
      fetch(`${t.baseUrl}/auth/v1/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
      });
    expect((await preflight(t.baseUrl)).headers.get('access-control-allow-origin')).toBe(t.baseUrl);
    const ext = `chrome-extension://${EXTENSION.id}`;
    const res = await preflight(ext);
    expect(res.headers.get('access-control-allow-origin')).toBe(ext);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    for (const other of ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'moz-extension://0b6d1f3e-2a1b-4c8d-9e7f-1a2b3c4d5e6f']) {
      expect((await preflight(other)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('lets the extension upload a recording to /transcription', async () => {
    const ext = `chrome-extension://${EXTENSION.id}`;
    const res = await fetch(`${t.baseUrl}/transcription`, {
      method: 'OPTIONS',
      headers: { origin: ext, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(ext);
  });

  it('lets an allowed origin read the rate-limit headers and Retry-After (not CORS-safelisted)', async () => {
    const ext = `chrome-extension://${EXTENSION.id}`;
    const res = await fetch(`${t.baseUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { origin: ext, apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).not.toBeNull();
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']));
  });
});
