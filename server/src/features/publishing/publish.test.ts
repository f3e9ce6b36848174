import { ConnectionsResponse, DecideApprovalResponse, RetryPublishResponse, type Approval } from '@cofounder/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, approvals, socialConnections, tasks } from '../../db/schema.ts';
import { decryptToken, encryptToken } from '../../security/crypto.ts';
import { connectSocial } from '../../test/connect-social.ts';
import type { FakeSocial } from '../../test/fake-social.ts';
import { startSocialTestServer, type SocialTestServer } from '../../test/social-server.ts';
import { waitFor } from '../../test/queue-helpers.ts';
import type { TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

const X_CAP = 3;
const HOUR = 3600;

let s: SocialTestServer;
let x: FakeSocial;
let reddit: FakeSocial;
let t: TestServer;

beforeAll(async () => {
  s = await startSocialTestServer({
    queue: {
      pollingIntervalSeconds: 0.5,
      publishing: {
        retryDelaySeconds: 0.3,
        rateLimits: { twitter: { posts: X_CAP, windowSeconds: HOUR }, reddit: { posts: 6, windowSeconds: HOUR } },
      },
    },
  });
  ({ t, x, reddit } = s);
});

afterAll(() => s.close());

const tweet = (text = 'Hello founders') => ({ platform: 'twitter' as const, text });
const redditPost = { platform: 'reddit' as const, subreddit: 'startups', title: 'Feedback wanted', body: 'What do you think?' };

async function draft(user: TestUser, post: typeof redditPost | ReturnType<typeof tweet> = tweet()) {
  const [row] = await t.database.db.insert(approvals).values({ userId: user.id, kind: 'marketing_post', post }).returning();
  return row!;
}

async function approve(user: TestUser, id: string): Promise<Approval> {
  const res = await call(t, 'POST', `/api/approvals/${id}`, { token: user.token, body: { decision: 'approve' } });
  expect(res.status).toBe(200);
  return DecideApprovalResponse.parse(await res.json()).approval;
}

const retry = (user: TestUser, id: string) => call(t, 'POST', `/api/approvals/${id}/publish`, { token: user.token, body: {} });

async function publishState(user: TestUser, id: string): Promise<Approval['publish']> {
  const res = await call(t, 'GET', '/api/approvals?status=approved', { token: user.token });
  const body = (await res.json()) as { approvals: Approval[] };
  return body.approvals.find((a) => a.id === id)?.publish ?? null;
}

async function waitForStatus(user: TestUser, id: string, status: string): Promise<NonNullable<Approval['publish']>> {
  let state: Approval['publish'] = null;
  await waitFor(async () => (state = await publishState(user, id))?.status === status, 15_000);
  return state!;
}

const activitiesOf = (user: TestUser) =>
  t.database.db.select().from(activities).where(eq(activities.userId, user.id)).orderBy(desc(activities.createdAt));

describe('publishing approved posts', () => {
  it('approving queues the post; the worker publishes it and the activity keeps the real link', async () => {
    const user = await signedInUser(t);
    await connectSocial(t, user, 'twitter');
    const row = await draft(user, tweet('Launch day!'));
    expect((await approve(user, row.id)).publish).toMatchObject({ status: 'queued', attempts: 0 });
    const state = await waitForStatus(user, row.id, 'published');
    expect(state.link).toMatch(/^https:\/\/x\.com\/ada_builds\/status\/17\d+$/);
    expect(state.publishedAt).not.toBeNull();
    const [activity] = await activitiesOf(user);
    expect(activity).toMatchObject({ platform: 'twitter', title: 'Posted on X', link: state.link, outcome: 'Published' });
    const posted = (await (await fetch(`${x.baseUrl}/__fake/posts`)).json()) as { posts: { fields: Record<string, string> }[] };
    expect(posted.posts.map((p) => p.fields.text)).toContain('Launch day!');
    expect(JSON.stringify(posted)).not.toContain('fake-at-');
  });

  it('waits for a connection, and connecting the platform publishes it', async () => {
    const user = await signedInUser(t);
    const row = await draft(user, redditPost);
    await approve(user, row.id);
    await waitForStatus(user, row.id, 'waiting_connection');
    await connectSocial(t, user, 'reddit');
    const state = await waitForStatus(user, row.id, 'published');
    expect(state.link).toMatch(/^https:\/\/www\.reddit\.com\/r\/startups\/comments\//);
  });

  it("waits as long as the platform's 429 says, then publishes", async () => {
    const user = await signedInUser(t);
    await connectSocial(t, user, 'twitter');
    x.rateLimitNext = 1;
    x.rateLimitResetSeconds = 1;
    const row = await draft(user);
    await approve(user, row.id);
    let waiting: Approval['publish'] = null;
    await waitFor(async () => Boolean((waiting = await publishState(user, row.id))?.nextAttemptAt), 10_000);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.error).toMatch(/X post failed/);
    const state = await waitForStatus(user, row.id, 'published');
    expect(state).toMatchObject({ attempts: 2, error: null, nextAttemptAt: null });
  });

  it('backs off after 5xx answers and publishes on the third attempt', async () => {
    const user = await signedInUser(t);
    await connectSocial(t, user, 'twitter');
    x.failNext = 2;
    x.failStatus = 503;
    const row = await draft(user);
    await approve(user, row.id);
    const state = await waitForStatus(user, row.id, 'published');
    expect(state.attempts).toBe(3);
  });

  for (const [platform, status] of [
    ['twitter', 401],
    ['reddit', 400],
  ] as const) {
    it(`fails at once on ${status} with a failed activity, and the founder's retry publishes it`, async () => {
      const fake = platform === 'twitter' ? x : reddit;
      const user = await signedInUser(t);
      await connectSocial(t, user, platform);
      fake.failNext = 1;
      fake.failStatus = status;
      const row = await draft(user, platform === 'twitter' ? tweet('Will fail once') : redditPost);
      await approve(user, row.id);
      const failed = await waitForStatus(user, row.id, 'failed');
      fake.failStatus = 503;
      expect(failed.attempts).toBe(1);
      expect(failed.error).toMatch(/post failed: rejected|post failed: HTTP/);
      const [activity] = await activitiesOf(user);
      expect(activity).toMatchObject({
        title: platform === 'twitter' ? 'X post failed' : 'Reddit post failed',
        content: platform === 'twitter' ? 'Will fail once' : redditPost.body,
        link: null,
        outcome: `Failed: ${failed.error}`,
      });
      const res = await retry(user, row.id);
      expect(res.status).toBe(200);
      expect(RetryPublishResponse.parse(await res.json()).approval.publish).toMatchObject({ status: 'queued', attempts: 0 });
      expect((await waitForStatus(user, row.id, 'published')).attempts).toBe(1);
      expect((await retry(user, row.id)).status).toBe(409);
    });
  }

  it("refuses a retry of another founder's post, a pending one and a bad id", async () => {
    const [user, other] = [await signedInUser(t), await signedInUser(t)];
    const row = await draft(user);
    expect((await retry(other, row.id)).status).toBe(404);
    expect((await retry(user, 'nope')).status).toBe(404);
    expect((await retry(user, row.id)).status).toBe(409);
  });

  it('keeps a post over the per-platform cap queued until the oldest post leaves the window', async () => {
    const user = await signedInUser(t);
    await connectSocial(t, user, 'twitter');
    const oldest = new Date(t.clock.now() - 50 * 60_000);
    await t.database.db.insert(approvals).values(
      Array.from({ length: X_CAP }, (_, i) => ({
        userId: user.id,
        kind: 'marketing_post' as const,
        post: tweet(`earlier ${i}`),
        status: 'approved' as const,
        publishStatus: 'published' as const,
        publishedAt: new Date(oldest.getTime() + i * 60_000),
      })),
    );
    const before = x.posts.length;
    const row = await draft(user);
    await approve(user, row.id);
    let state: Approval['publish'] = null;
    await waitFor(async () => Boolean((state = await publishState(user, row.id))?.nextAttemptAt), 10_000);
    expect(state).toMatchObject({ status: 'queued', attempts: 0 });
    expect(Date.parse(state!.nextAttemptAt!)).toBe(oldest.getTime() + HOUR * 1000);
    expect(x.posts.length).toBe(before);
  });
});

describe('the token a post goes out with', () => {
  it('is refreshed first when it expires within 5 minutes', async () => {
    const user = await signedInUser(t);
    await connectSocial(t, user, 'twitter');
    const old = x.issued.at(-1)!;
    await t.database.db
      .update(socialConnections)
      .set({ expiresAt: new Date(t.clock.now() + 60_000) })
      .where(eq(socialConnections.userId, user.id));
    const row = await draft(user, tweet('Fresh token'));
    await approve(user, row.id);
    await waitForStatus(user, row.id, 'published');
    const fresh = x.issued.at(-1)!;
    expect(fresh.accessToken).not.toBe(old.accessToken);
    expect(x.posts.at(-1)!.token).toBe(fresh.accessToken);
    const [stored] = await t.database.db.select().from(socialConnections).where(eq(socialConnections.userId, user.id));
    expect(decryptToken(t.app.tokenKey, stored!.accessTokenEnc!)).toBe(fresh.accessToken);
  });

  it('a revoked refresh token puts the connection in the Error state and the post waits for a connection', async () => {
    const user = await signedInUser(t);
    await connectSocial(t, user, 'reddit');
    await t.database.db
      .update(socialConnections)
      .set({ expiresAt: new Date(t.clock.now() + 60_000), refreshTokenEnc: encryptToken(t.app.tokenKey, 'revoked-refresh-token') })
      .where(eq(socialConnections.userId, user.id));
    const before = reddit.posts.length;
    const row = await draft(user, redditPost);
    await approve(user, row.id);
    await waitForStatus(user, row.id, 'waiting_connection');
    expect(reddit.posts.length).toBe(before);
    const body = ConnectionsResponse.parse(await (await call(t, 'GET', '/api/user/connections', { token: user.token })).json());
    expect(body.details.connections.reddit).toMatchObject({ connected: false, error: 'Reddit access was revoked or expired. Please reconnect.' });
  });
});

describe('approve before posting', () => {
  const settings = (user: TestUser) => call(t, 'GET', '/api/user/posting-settings', { token: user.token });
  const put = (user: TestUser, body: unknown) => call(t, 'PUT', '/api/user/posting-settings', { token: user.token, body });

  it('is on by default; bad input is refused and changes nothing', async () => {
    const user = await signedInUser(t);
    expect(await (await settings(user)).json()).toEqual({ success: true, settings: { approveBeforePosting: true } });
    expect((await put(user, { approveBeforePosting: 'no' })).status).toBe(400);
    expect((await put(user, { approveBeforePosting: false, extra: 1 })).status).toBe(400);
    expect(await (await settings(user)).json()).toEqual({ success: true, settings: { approveBeforePosting: true } });
    expect((await call(t, 'GET', '/api/user/posting-settings')).status).toBe(401);
  });

  it("turned off, a marketing task's drafts are approved and published without a decision", async () => {
    const user = await signedInUser(t);
    const res = await put(user, { approveBeforePosting: false });
    expect(await res.json()).toEqual({ success: true, settings: { approveBeforePosting: false } });
    await connectSocial(t, user, 'twitter');
    await connectSocial(t, user, 'reddit');
    const [task] = await t.database.db
      .insert(tasks)
      .values({ userId: user.id, description: 'Announce the beta', priority: 7, agent: 'marketing_agent', category: 'marketing' })
      .returning();
    await t.queue!.enqueue([{ id: task!.id, userId: user.id }]);
    const ofTask = () => t.database.db.select().from(approvals).where(eq(approvals.taskId, task!.id));
    await waitFor(async () => {
      const rows = await ofTask();
      return rows.length > 0 && rows.every((r) => r.publishStatus === 'published');
    }, 20_000);
    const rows = await ofTask();
    expect(rows.map((r) => r.post.platform).sort()).toEqual(['reddit', 'twitter']);
    expect(rows.every((r) => r.status === 'approved' && r.decidedAt !== null && r.publishLink)).toBe(true);
  });
});

describe('a resumed marketing task', () => {
  it('replaces its pending drafts instead of adding to them', async () => {
    const user = await signedInUser(t);
    const [task] = await t.database.db
      .insert(tasks)
      .values({ userId: user.id, description: 'Post the launch', priority: 7, agent: 'marketing_agent', category: 'marketing' })
      .returning();
    await t.queue!.enqueue([{ id: task!.id, userId: user.id }]);
    const taskStatus = async () => (await t.database.db.select().from(tasks).where(eq(tasks.id, task!.id)))[0]!.status;
    await waitFor(async () => (await taskStatus()) === 'paused_login_required', 20_000);
    const pending = () =>
      t.database.db.select().from(approvals).where(and(eq(approvals.taskId, task!.id), eq(approvals.status, 'pending')));
    const first = await pending();
    expect(first).toHaveLength(2);
    await connectSocial(t, user, 'twitter');
    await connectSocial(t, user, 'reddit');
    await waitFor(async () => (await taskStatus()) === 'completed', 20_000);
    const second = await pending();
    expect(second).toHaveLength(2);
    expect(second.map((r) => r.id)).not.toEqual(expect.arrayContaining(first.map((r) => r.id)));
  });

  it('drafts nothing again for a platform the founder already approved a post of', async () => {
    const user = await signedInUser(t);
    const [task] = await t.database.db
      .insert(tasks)
      .values({ userId: user.id, description: 'Post the news', priority: 7, agent: 'marketing_agent', category: 'marketing' })
      .returning();
    await t.queue!.enqueue([{ id: task!.id, userId: user.id }]);
    const taskStatus = async () => (await t.database.db.select().from(tasks).where(eq(tasks.id, task!.id)))[0]!.status;
    await waitFor(async () => (await taskStatus()) === 'paused_login_required', 20_000);
    const ofTask = () => t.database.db.select().from(approvals).where(eq(approvals.taskId, task!.id));
    const tweet = (await ofTask()).find((r) => r.post.platform === 'twitter')!;
    const approve = await call(t, 'POST', `/api/approvals/${tweet.id}`, { token: user.token, body: { decision: 'approve' } });
    expect(approve.status).toBe(200);
    await connectSocial(t, user, 'twitter');
    await connectSocial(t, user, 'reddit');
    await waitFor(async () => (await taskStatus()) === 'completed', 20_000);
    const rows = await ofTask();
    expect(rows.filter((r) => r.post.platform === 'twitter').map((r) => r.id)).toEqual([tweet.id]);
    expect(rows.filter((r) => r.post.platform === 'reddit' && r.status === 'pending')).toHaveLength(1);
  });
});
