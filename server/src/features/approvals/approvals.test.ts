import { ApprovalsResponse, DecideApprovalResponse } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals } from '../../db/schema.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t.close());

async function draft(user: TestUser) {
  const [row] = await t.database.db
    .insert(approvals)
    .values({
      userId: user.id,
      kind: 'marketing_post',
      post: { platform: 'twitter', text: 'Hello founders' },
    })
    .returning();
  return row!;
}
const decide = (user: TestUser, id: string, body: unknown) =>
  call(t, 'POST', `/api/approvals/${id}`, { token: user.token, body });
const inbox = async (user: TestUser, status = 'pending') =>
  ApprovalsResponse.parse(
    await (await call(t, 'GET', `/api/approvals?status=${status}`, { token: user.token })).json(),
  );

describe('approvals inbox', () => {
  it('approves with an edit, once', async () => {
    const user = await signedInUser(t);
    const row = await draft(user);
    expect((await inbox(user)).approvals.map((a) => a.id)).toEqual([row.id]);
    const res = await decide(user, row.id, {
      decision: 'approve',
      edited: { platform: 'twitter', text: 'Hello, founders!' },
    });
    expect(res.status).toBe(200);
    const body = DecideApprovalResponse.parse(await res.json());
    // No worker runs in this server: the post waits in the queue until one does.
    expect(body.approval).toMatchObject({
      status: 'approved',
      post: { platform: 'twitter', text: 'Hello, founders!' },
      publish: { status: 'queued', attempts: 0, link: null, error: null },
    });
    expect((await inbox(user)).approvals).toHaveLength(0);
    expect((await inbox(user, 'approved')).approvals).toHaveLength(1);
    expect((await decide(user, row.id, { decision: 'reject' })).status).toBe(409);
  });

  it('refuses bad decisions and other users', async () => {
    const [user, other] = [await signedInUser(t), await signedInUser(t)];
    const row = await draft(user);
    expect((await decide(other, row.id, { decision: 'approve' })).status).toBe(404);
    expect((await decide(user, row.id, { decision: 'maybe' })).status).toBe(400);
    expect(
      (
        await decide(user, row.id, {
          decision: 'approve',
          edited: { platform: 'twitter', text: 'x'.repeat(281) },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await decide(user, row.id, {
          decision: 'approve',
          edited: { platform: 'reddit', subreddit: 'startups', title: 't', body: 'b' },
        })
      ).status,
    ).toBe(400);
    expect((await decide(user, row.id, { decision: 'reject', extra: 1 })).status).toBe(400);
    const rejected = await decide(user, row.id, { decision: 'reject' });
    expect(rejected.status).toBe(200);
    expect(DecideApprovalResponse.parse(await rejected.json()).approval.publish).toBeNull();
  });
});
