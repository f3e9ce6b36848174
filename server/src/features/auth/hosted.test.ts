import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';

const ANON = 'hosted-anon-key-0123456789abcdef';
const SECRET = 'hosted-jwt-secret-hosted-jwt-secret-0123';

/** A stand-in for a Supabase project on loopback: its JWKS and public settings. */
async function fakeSupabase(jwks: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/auth/v1/.well-known/jwks.json') return res.end(JSON.stringify(jwks));
    if (req.url === '/auth/v1/settings') return res.end(JSON.stringify({ external: { email: true, google: true, github: false } }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

const claims = (url: string, extra: JWTPayload = {}): JWTPayload => ({
  iss: `${url}/auth/v1`,
  aud: 'authenticated',
  role: 'authenticated',
  sub: crypto.randomUUID(),
  email: 'hosted@example.com',
  user_metadata: { first_name: 'Hos', last_name: 'Ted' },
  ...extra,
});

describe('hosted Supabase mode', () => {
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let fake: { url: string; server: Server };
  let withJwks: TestServer;
  let withSecret: TestServer;

  beforeAll(async () => {
    keys = await generateKeyPair('ES256');
    fake = await fakeSupabase({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256' }] });
    withJwks = await startTestServer({ env: { SUPABASE_URL: fake.url, SUPABASE_ANON_KEY: ANON } });
    withSecret = await startTestServer({ env: { SUPABASE_URL: fake.url, SUPABASE_ANON_KEY: ANON, SUPABASE_JWT_SECRET: SECRET } });
  });
  afterAll(async () => {
    await withJwks.close();
    await withSecret.close();
    fake.server.close();
  });

  const me = (t: TestServer, token: string) => fetch(`${t.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });

  it('does not serve /auth/v1 and points clients at Supabase', async () => {
    expect((await fetch(`${withJwks.baseUrl}/auth/v1/settings`)).status).toBe(404);
    const config = await (await fetch(`${withJwks.baseUrl}/api/config`)).json();
    expect(config).toMatchObject({ supabaseUrl: fake.url, supabaseAnonKey: ANON, modes: { auth: 'real' }, oauthProviders: { google: true, github: false } });
  });

  it('accepts tokens signed by the project keys (JWKS) and refuses others', async () => {
    const sign = (payload: JWTPayload, key = keys.privateKey) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setIssuedAt().setExpirationTime('1h').sign(key);
    const good = await me(withJwks, await sign(claims(fake.url)));
    expect(good.status).toBe(200);
    expect((await good.json()).user).toMatchObject({ email: 'hosted@example.com', firstName: 'Hos', fullName: 'Hos Ted' });
    const stranger = await generateKeyPair('ES256');
    expect((await me(withJwks, await sign(claims(fake.url), stranger.privateKey))).status).toBe(401);
    expect((await me(withJwks, await sign(claims('https://other.supabase.co')))).status).toBe(401);
    expect((await me(withJwks, await sign(claims(fake.url, { role: 'anon' })))).status).toBe(401);
  });

  /** A token signed with the project's HS256 secret. */
  const secretSigned = () =>
    new SignJWT(claims(fake.url)).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));

  it('accepts HS256 tokens when SUPABASE_JWT_SECRET is set', async () => {
    expect((await me(withSecret, await secretSigned())).status).toBe(200);
  });

  it('cannot hand a session to the extension (Supabase mints sessions, not this server): a clear 409', async () => {
    const res = await fetch(`${withSecret.baseUrl}/api/extension/handoff`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await secretSigned()}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/sign in from the extension popup/);
  });
});
