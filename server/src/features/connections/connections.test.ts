import {
  ConnectCodeResponse,
  ConnectionsResponse,
  PublicConfig,
  SaveConnectionResponse,
  ServiceConnectionsResponse,
  connectWindowPath,
  type OAuthSuccessData,
} from '@cofounder/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oauthStates, socialConnections, tasks } from '../../db/schema.ts';
import type { FakeSocial } from '../../test/fake-social.ts';
import { startSocialTestServer, type SocialTestServer } from '../../test/social-server.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { connectedPlatforms } from './connections.repo.ts';
import { decryptToken, encryptToken } from '../../security/crypto.ts';

let s: SocialTestServer;
let x: FakeSocial;
let reddit: FakeSocial;
let t: TestServer;

beforeAll(async () => {
  s = await startSocialTestServer();
  ({ t, x, reddit } = s);
});

afterAll(() => s.close());

/** A single-use code for the founder's connect window, from the authenticated POST the dashboard makes. */
async function connectCode(user: TestUser, platform: 'twitter' | 'reddit', server: TestServer = t): Promise<string> {
  const res = await call(server, 'POST', `/api/user/connections/${platform}/code`, { token: user.token, body: {} });
  expect(res.status).toBe(200);
  return ConnectCodeResponse.parse(await res.json()).code;
}

/** The connect window's path as the dashboard opens it (`forUserId` names the user the URL claims). */
async function startPath(user: TestUser, platform: 'twitter' | 'reddit', forUserId = user.id, server: TestServer = t): Promise<string> {
  return connectWindowPath(platform, forUserId, await connectCode(user, platform, server));
}

/** Start → provider authorize (redirect) → the provider's answer to our callback, as the popup would. */
async function runPopup(user: TestUser, platform: 'twitter' | 'reddit'): Promise<{ callbackUrl: string; page: Response }> {
  const start = await fetch(`${t.baseUrl}${await startPath(user, platform)}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callbackUrl = authorize.headers.get('location')!;
  expect(callbackUrl.startsWith(`${t.baseUrl}/auth/${platform}/callback?`)).toBe(true);
  return { callbackUrl, page: await fetch(callbackUrl) };
}

/** The message the callback page posts, read back from its script (the JSON is escaped for <script>). */
function postedMessage(html: string): { message: { type: string; data?: OAuthSuccessData; error?: string }; origin: string } {
  const m = /var m=(.*?);var o=(.*?);/.exec(html);
  if (!m) throw new Error(`no message in page: ${html}`);
  return { message: JSON.parse(m[1]!), origin: JSON.parse(m[2]!) };
}

async function pausedMarketingTask(user: TestUser, platforms: ('twitter' | 'reddit')[]): Promise<string> {
  const [row] = await t.database.db
    .insert(tasks)
    .values({
      userId: user.id,
      description: 'Post the launch',
      priority: 7,
      agent: 'marketing_agent',
      category: 'marketing',
      status: 'paused_login_required',
      requiredPlatforms: platforms,
      pauseReason: 'Connect to continue',
    })
    .returning();
  return row!.id;
}

describe('social connections', () => {
  it('GET /api/config says which platforms are configured', async () => {
    const body = PublicConfig.parse(await (await fetch(`${t.baseUrl}/api/config`)).json());
    expect(body.social).toEqual({ twitter: true, reddit: true });
  });

  for (const platform of ['twitter', 'reddit'] as const) {
    it(`connects ${platform} end to end and resumes a paused marketing task`, async () => {
      const fake = platform === 'twitter' ? x : reddit;
      const user = await signedInUser(t);
      const taskId = await pausedMarketingTask(user, [platform]);
      const { page } = await runPopup(user, platform);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
      const html = await page.text();
      const { message, origin } = postedMessage(html);
      expect(origin).toBe(t.config.publicUrl);
      expect(message.type).toBe('oauth-success');
      expect(message.data).toMatchObject({ platform, profile: fake.profile });
      const issued = fake.issued.at(-1)!;
      expect(html).not.toContain(issued.accessToken);
      expect(html).not.toContain(issued.refreshToken);
      expect(html).not.toContain('<Lovelace>');

      // Stored unconfirmed, tokens sealed.
      const [stored] = await t.database.db
        .select()
        .from(socialConnections)
        .where(and(eq(socialConnections.userId, user.id), eq(socialConnections.platform, platform)));
      expect(stored!.connected).toBe(false);
      expect(stored!.accessTokenEnc).not.toContain(issued.accessToken);
      expect(stored!.refreshTokenEnc).not.toContain(issued.refreshToken);
      expect(JSON.stringify(stored)).not.toContain(issued.accessToken);
      if (platform === 'reddit') expect(fake.requests.filter((r) => r.method === 'POST' || r.path.endsWith('/me')).every((r) => r.userAgent?.includes('cofounder'))).toBe(true);

      const save = await call(t, 'POST', `/api/user/connections/${platform}`, {
        token: user.token,
        body: { accessToken: message.data!.accessToken, profile: message.data!.profile },
      });
      expect(save.status).toBe(200);
      const saved = SaveConnectionResponse.parse(await save.json());
      expect(saved.details.resumedTasks).toBe(1);
      expect(saved.details.connection).toMatchObject({ platform, connected: true, username: fake.profile.username, error: null });
      const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, taskId));
      expect(task!.status).toBe('pending');

      // The handle is single use.
      const again = await call(t, 'POST', `/api/user/connections/${platform}`, { token: user.token, body: { accessToken: message.data!.accessToken } });
      expect(again.status).toBe(400);

      const list = await call(t, 'GET', '/api/user/connections', { token: user.token });
      const text = await list.text();
      expect(text).not.toContain(issued.accessToken);
      expect(text).not.toContain(issued.refreshToken);
      const body = ConnectionsResponse.parse(JSON.parse(text));
      expect(body.details.connections[platform]).toMatchObject({ connected: true, username: fake.profile.username, displayName: fake.profile.displayName });
      expect(Object.keys(body.details.connections)).toEqual([platform]);
    });
  }

  it('keeps a task needing two platforms paused until both are connected', async () => {
    const user = await signedInUser(t);
    const taskId = await pausedMarketingTask(user, ['twitter', 'reddit']);
    for (const [platform, expected] of [
      ['twitter', 0],
      ['reddit', 1],
    ] as const) {
      const { message } = postedMessage(await (await runPopup(user, platform)).page.text());
      const save = await call(t, 'POST', `/api/user/connections/${platform}`, { token: user.token, body: { accessToken: message.data!.accessToken } });
      expect(SaveConnectionResponse.parse(await save.json()).details.resumedTasks).toBe(expected);
    }
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task!.status).toBe('pending');
  });

  it('rejects a reused state and a state for another platform (400, nothing stored)', async () => {
    const user = await signedInUser(t);
    const { callbackUrl, page } = await runPopup(user, 'twitter');
    expect(page.status).toBe(200);
    await t.database.db.delete(socialConnections).where(eq(socialConnections.userId, user.id));
    const reuse = await fetch(callbackUrl);
    expect(reuse.status).toBe(400);
    expect(postedMessage(await reuse.text()).message.type).toBe('oauth-error');

    const start = await fetch(`${t.baseUrl}${await startPath(user, 'twitter')}`, { redirect: 'manual' });
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const crossed = authorize.headers.get('location')!.replace('/auth/twitter/callback', '/auth/reddit/callback');
    expect((await fetch(crossed)).status).toBe(400);
    expect((await fetch(`${t.baseUrl}/auth/twitter/callback?code=abc&state=made-up`)).status).toBe(400);
    expect(await t.database.db.select().from(socialConnections).where(eq(socialConnections.userId, user.id))).toHaveLength(0);
  });

  it('an expired state is refused', async () => {
    const user = await signedInUser(t);
    const start = await fetch(`${t.baseUrl}${await startPath(user, 'reddit')}`, { redirect: 'manual' });
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    await t.database.db
      .update(oauthStates)
      .set({ createdAt: new Date(t.clock.now() - 11 * 60_000) })
      .where(eq(oauthStates.userId, user.id));
    expect((await fetch(authorize.headers.get('location')!)).status).toBe(400);
  });

  it('a wrong PKCE verifier is rejected by the provider → oauth-error page, nothing stored', async () => {
    const user = await signedInUser(t);
    const start = await fetch(`${t.baseUrl}${await startPath(user, 'twitter')}`, { redirect: 'manual' });
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    await t.database.db
      .update(oauthStates)
      .set({ codeVerifierEnc: encryptToken(t.app.tokenKey, 'a-different-verifier-that-does-not-match-the-challenge') })
      .where(eq(oauthStates.userId, user.id));
    const page = await fetch(authorize.headers.get('location')!);
    const { message } = postedMessage(await page.text());
    expect(message).toMatchObject({ type: 'oauth-error' });
    expect(message.error).toMatch(/invalid_grant/);
    expect(await t.database.db.select().from(socialConnections).where(eq(socialConnections.userId, user.id))).toHaveLength(0);
  });

  it('a missing PKCE verifier at the provider is an error page', async () => {
    const user = await signedInUser(t);
    const start = await fetch(`${t.baseUrl}${await startPath(user, 'reddit')}`, { redirect: 'manual' });
    const location = new URL(start.headers.get('location')!);
    location.searchParams.delete('code_challenge');
    const authorize = await fetch(location, { redirect: 'manual' });
    const { message } = postedMessage(await (await fetch(authorize.headers.get('location')!)).text());
    expect(message.type).toBe('oauth-error');
  });

  it('a denied consent posts oauth-error', async () => {
    const user = await signedInUser(t);
    x.deny = true;
    try {
      const { page } = await runPopup(user, 'twitter');
      expect(postedMessage(await page.text()).message).toMatchObject({ type: 'oauth-error', error: 'You declined access to X.' });
    } finally {
      x.deny = false;
    }
  });

  it('a token that no longer decrypts shows the Error state without crashing', async () => {
    const user = await signedInUser(t);
    const { message } = postedMessage(await (await runPopup(user, 'twitter')).page.text());
    await call(t, 'POST', '/api/user/connections/twitter', { token: user.token, body: { accessToken: message.data!.accessToken } });
    await t.database.db
      .update(socialConnections)
      .set({ accessTokenEnc: encryptToken(Buffer.alloc(32, 7), 'sealed-with-another-key') })
      .where(eq(socialConnections.userId, user.id));
    const body = ConnectionsResponse.parse(await (await call(t, 'GET', '/api/user/connections', { token: user.token })).json());
    expect(body.details.connections.twitter).toMatchObject({
      connected: false,
      error: 'Stored credentials could not be read. Please reconnect.',
    });
    expect(decryptToken(t.app.tokenKey, 'v1.garbage.garbage.garbage')).toBeNull();
  });

  it('disconnect revokes at the provider and deletes the record', async () => {
    const user = await signedInUser(t);
    const { message } = postedMessage(await (await runPopup(user, 'reddit')).page.text());
    await call(t, 'POST', '/api/user/connections/reddit', { token: user.token, body: { accessToken: message.data!.accessToken } });
    const issued = reddit.issued.at(-1)!;
    const res = await call(t, 'DELETE', '/api/user/connections/reddit', { token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(reddit.revoked).toEqual(expect.arrayContaining([issued.accessToken, issued.refreshToken]));
    const body = ConnectionsResponse.parse(await (await call(t, 'GET', '/api/user/connections', { token: user.token })).json());
    expect(body.details.connections).toEqual({});
  });

  it('guards: unknown platform 404, no code 401, bad handle 400, LinkedIn coming soon', async () => {
    const user = await signedInUser(t);
    expect((await call(t, 'POST', '/api/user/connections/myspace', { token: user.token, body: { accessToken: 'x'.repeat(20) } })).status).toBe(404);
    expect((await call(t, 'DELETE', '/api/user/connections/myspace', { token: user.token })).status).toBe(404);
    expect((await call(t, 'GET', '/api/user/connections')).status).toBe(401);
    expect((await call(t, 'POST', '/api/user/connections/twitter', { token: user.token, body: { accessToken: 'y'.repeat(30) } })).status).toBe(400);
    const anonymous = await fetch(`${t.baseUrl}/auth/twitter?userId=${user.id}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
    const bad = await fetch(`${t.baseUrl}/auth/twitter?userId=${user.id}&code=not-a-code`, { redirect: 'manual' });
    expect(bad.status).toBe(401);
    const linkedin = await fetch(`${t.baseUrl}/auth/linkedin?userId=${user.id}`);
    expect(await linkedin.text()).toContain('LinkedIn is coming soon');
    expect((await fetch(`${t.baseUrl}/auth/myspace?userId=${user.id}`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('POST /api/agents/service-connections', () => {
  const view = (platform: 'twitter' | 'reddit') => ({
    platform,
    connected: true,
    displayName: 'Ada',
    username: 'ada',
    lastSync: null,
    error: null,
  });
  const push = (user: TestUser | null, body: unknown) =>
    call(t, 'POST', '/api/agents/service-connections', { token: user?.token, body });

  it('requires authentication', async () => {
    expect((await push(null, { connections: {} })).status).toBe(401);
  });

  it('checks the map against the shared schema and says it stored nothing', async () => {
    const user = await signedInUser(t);
    for (const body of [{}, { connections: { twitter: { connected: true } } }, { connections: { myspace: view('twitter') } }]) {
      expect((await push(user, body)).status).toBe(400);
    }
    const res = await push(user, { connections: { twitter: view('twitter'), reddit: view('reddit') } });
    expect(res.status).toBe(200);
    expect(ServiceConnectionsResponse.parse(await res.json())).toEqual({ success: true, stored: false });
  });

  it('changes nothing the agents read: they see only connections the server confirmed', async () => {
    const user = await signedInUser(t);
    expect((await push(user, { connections: { twitter: view('twitter') } })).status).toBe(200);
    expect(await connectedPlatforms(t.database.db, user.id)).toEqual(new Set());
    const listed = ConnectionsResponse.parse(await (await call(t, 'GET', '/api/user/connections', { token: user.token })).json());
    expect(listed.details.connections).toEqual({});
  });
});

describe('an unconfigured platform', () => {
  it('answers a page saying so and posts oauth-error', async () => {
    const bare = await startTestServer();
    try {
      const user = await signedInUser(bare);
      const res = await fetch(`${bare.baseUrl}${await startPath(user, 'twitter', user.id, bare)}`, { redirect: 'manual' });
      const html = await res.text();
      expect(html).toContain('X is not configured on this server');
      expect(postedMessage(html).message.type).toBe('oauth-error');
      expect(PublicConfig.parse(await (await fetch(`${bare.baseUrl}/api/config`)).json()).social).toEqual({ twitter: false, reddit: false });
    } finally {
      await bare.close();
    }
  });
});

describe('with the task queue running', () => {
  it('a resumed marketing task is enqueued and, with X and Reddit connected, completes instead of pausing', async () => {
    const q = await startTestServer({
      env: { AUTH_RATE_LIMITS: 'false', ...x.env, ...reddit.env },
      queue: true,
    });
    try {
      const user = await signedInUser(q);
      const [row] = await q.database.db
        .insert(tasks)
        .values({
          userId: user.id,
          description: 'Announce the launch on X and Reddit',
          priority: 7,
          agent: 'marketing_agent',
          category: 'marketing',
          status: 'paused_login_required',
          requiredPlatforms: ['twitter', 'reddit'],
          pauseReason: 'Connect X and Reddit to publish this post',
        })
        .returning();
      let resumed = 0;
      for (const platform of ['twitter', 'reddit'] as const) {
        const start = await fetch(`${q.baseUrl}${await startPath(user, platform, user.id, q)}`, { redirect: 'manual' });
        const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
        const { message } = postedMessage(await (await fetch(authorize.headers.get('location')!)).text());
        const save = await call(q, 'POST', `/api/user/connections/${platform}`, { token: user.token, body: { accessToken: message.data!.accessToken } });
        resumed += SaveConnectionResponse.parse(await save.json()).details.resumedTasks;
      }
      expect(resumed).toBe(1);
      // Polls until the task has run (to any end), then says which end that was.
      const status = await vi.waitFor(
        async () => {
          const [task] = await q.database.db.select().from(tasks).where(eq(tasks.id, row!.id));
          if (!['completed', 'failed', 'paused_login_required'].includes(task!.status)) throw new Error(`still ${task!.status}`);
          return task!.status;
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(status).toBe('completed');
    } finally {
      await q.close();
    }
  }, 40_000);
});
