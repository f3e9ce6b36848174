import { ConnectCodeResponse, SOCIAL_CONNECT, connectWindowPath } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnectCodes } from '../../db/schema.ts';
import type { TestServer } from '../../test/server.ts';
import { startSocialTestServer, type SocialTestServer } from '../../test/social-server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { sha256 } from '../../security/crypto.ts';

// Issue 20 item 9 (ASVS 14.2.1): the connect window's URL carries a single-use, 60-second code that an
// authenticated POST hands out, never the founder's bearer token.

let s: SocialTestServer;
let t: TestServer;

beforeAll(async () => {
  s = await startSocialTestServer();
  t = s.t;
});

afterAll(() => s.close());

async function codeFor(user: TestUser, platform: 'twitter' | 'reddit' = 'twitter'): Promise<ConnectCodeResponse> {
  const res = await call(t, 'POST', `/api/user/connections/${platform}/code`, { token: user.token, body: {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ConnectCodeResponse.parse(await res.json());
}

/** Opens the connect window's first step; 302 means it went on to the provider. */
const open = (path: string) => fetch(`${t.baseUrl}${path}`, { redirect: 'manual' });

describe('connect window codes', () => {
  it('refuses the old start with the bearer token in the URL (401, no redirect)', async () => {
    const user = await signedInUser(t);
    const query = new URLSearchParams({ userId: user.id, access_token: user.token });
    const res = await open(`/auth/twitter?${query.toString()}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('invalid or has expired');
  });

  it('issues a random code valid for 60 s, stored only as its hash; POST needs a bearer and a social platform', async () => {
    const user = await signedInUser(t);
    const before = t.clock.now();
    const { code, expiresAt } = await codeFor(user);
    expect(Buffer.from(code, 'base64url')).toHaveLength(SOCIAL_CONNECT.codeBytes);
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(SOCIAL_CONNECT.codeTtlSeconds * 1000);
    expect(Date.parse(expiresAt) - before).toBeLessThan(SOCIAL_CONNECT.codeTtlSeconds * 1000 + 5000);
    const rows = await t.database.db.select().from(socialConnectCodes).where(eq(socialConnectCodes.userId, user.id));
    expect(rows).toMatchObject([{ codeHash: sha256(code), platform: 'twitter' }]);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect((await codeFor(user)).code).not.toBe(code);

    expect((await call(t, 'POST', '/api/user/connections/twitter/code', { body: {} })).status).toBe(401);
    expect((await call(t, 'POST', '/api/user/connections/linkedin/code', { token: user.token, body: {} })).status).toBe(404);
    expect((await call(t, 'POST', '/api/user/connections/myspace/code', { token: user.token, body: {} })).status).toBe(404);
  });

  it('a code opens the window once; the same code again is refused', async () => {
    const user = await signedInUser(t);
    const path = connectWindowPath('twitter', user.id, (await codeFor(user)).code);
    const first = await open(path);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toMatch(new RegExp(`^${s.x.baseUrl}/`));
    const again = await open(path);
    expect(again.status).toBe(401);
    expect(again.headers.get('location')).toBeNull();
  });

  it('a code works until its 60 s are up and is refused after (injected clock)', async () => {
    const user = await signedInUser(t);
    const early = (await codeFor(user)).code;
    const late = (await codeFor(user)).code;
    t.clock.advance(SOCIAL_CONNECT.codeTtlSeconds * 1000 - 2000);
    expect((await open(connectWindowPath('twitter', user.id, early))).status).toBe(302);
    t.clock.advance(3000);
    expect((await open(connectWindowPath('twitter', user.id, late))).status).toBe(401);
  });

  it("user A's code cannot connect user B, nor another platform, and is spent by the attempt", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const { code } = await codeFor(a);
    const forB = await open(connectWindowPath('twitter', b.id, code));
    expect(forB.status).toBe(403);
    expect(forB.headers.get('location')).toBeNull();
    expect((await open(connectWindowPath('twitter', a.id, code))).status).toBe(401);

    const xCode = (await codeFor(a, 'twitter')).code;
    expect((await open(connectWindowPath('reddit', a.id, xCode))).status).toBe(401);
    expect((await open(connectWindowPath('twitter', a.id, xCode))).status).toBe(401);
  });

  it('no URL, Location or page of the whole connect flow carries the bearer token', async () => {
    const user = await signedInUser(t);
    const seen: string[] = [];
    const issue = await call(t, 'POST', '/api/user/connections/reddit/code', { token: user.token, body: {} });
    const { code } = ConnectCodeResponse.parse(JSON.parse(await record(issue, seen)));
    let url = `${t.baseUrl}${connectWindowPath('reddit', user.id, code)}`;
    for (let hop = 0; hop < 5; hop += 1) {
      seen.push(url);
      const res = await fetch(url, { redirect: 'manual' });
      await record(res, seen);
      const next = res.headers.get('location');
      if (!next) {
        expect(res.status).toBe(200);
        break;
      }
      url = new URL(next, url).toString();
    }
    expect(seen.some((s) => s.includes('oauth-success'))).toBe(true);
    const leaks = seen.filter((s) => s.includes(user.token));
    console.log(`connect flow: ${seen.length} URLs, headers and pages checked, carrying the bearer = ${leaks.length} (threshold 0)`);
    expect(leaks).toEqual([]);
  });
});

/** Adds a response's headers and body to `seen`; returns the body. */
async function record(res: Response, seen: string[]): Promise<string> {
  const body = await res.text();
  seen.push([...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n'), body);
  return body;
}
