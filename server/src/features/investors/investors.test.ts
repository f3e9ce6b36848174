import {
  ApproveEmailResponse,
  CreateResearchTaskResponse,
  formatCheckSize,
  INVESTORS,
  InvestorAnalyticsResponse,
  InvestorsResponse,
  PendingEmailsResponse,
  ProcessResearchResponse,
  UpdateInvestorResponse,
  verificationLevel,
  verificationScore,
} from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investorEmails, investors, onboarding, tasks } from '../../db/schema.ts';
import { givePlan } from '../../test/billing.ts';
import { CHAT_TEST_OPTIONS, testProfile } from '../../test/factories.ts';
import { mailTo } from '../../test/mail.ts';
import { waitFor } from '../../test/queue-helpers.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    queue: { pollingIntervalSeconds: 0.5, busyDelaySeconds: 1 },
  });
});
afterAll(() => t.close());

const base = (u: TestUser) => `/api/investor-outreach/${u.id}`;
const get = (u: TestUser, path: string) => call(t, 'GET', `${base(u)}${path}`, { token: u.token });
const post = (u: TestUser, path: string, body: unknown) =>
  call(t, 'POST', `${base(u)}${path}`, { token: u.token, body });

/** A Builder founder with a fintech profile (no interview, so no other tasks run). */
async function builder(): Promise<TestUser> {
  const user = await signedInUser(t);
  await givePlan(t.database, user.id, 'builder');
  await t.database.db.insert(onboarding).values({
    userId: user.id,
    profile: testProfile({ industry: 'fintech', stage: 'Getting first customers' }),
  });
  return user;
}

async function research(user: TestUser): Promise<void> {
  const created = await post(user, '/create-task', {
    description: 'Find investors for my seed round',
    priority: 9,
  });
  expect(created.status).toBe(200);
  const { task } = CreateResearchTaskResponse.parse(await created.json());
  const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.id));
  expect(row).toMatchObject({
    agent: 'investor_outreach_agent',
    category: 'investor_outreach',
    priority: 9,
    status: 'pending',
  });
  const processed = await call(t, 'POST', `/api/agents/investor-outreach/${user.id}/process`, {
    token: user.token,
    body: { taskId: task.id },
  });
  expect(processed.status).toBe(200);
  expect(ProcessResearchResponse.parse(await processed.json()).status).toMatch(/queued|running|completed/);
  await waitFor(async () => {
    const [r] = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
    return r?.status === 'completed' || r?.status === 'failed';
  }, 20_000);
  const [done] = await t.database.db.select().from(tasks).where(eq(tasks.id, task.id));
  expect(done?.status).toBe('completed');
  const again = await call(t, 'POST', `/api/agents/investor-outreach/${user.id}/process`, {
    token: user.token,
    body: { taskId: task.id },
  });
  expect(ProcessResearchResponse.parse(await again.json()).status).toBe('completed');
}

const listOf = async (u: TestUser, query = '') =>
  InvestorsResponse.parse(await (await get(u, `/investors${query}`)).json());
const pendingOf = async (u: TestUser) =>
  PendingEmailsResponse.parse(await (await get(u, '/pending-emails')).json()).pendingEmails;

/** A founder with one stored investor and one pending draft to them (no research run needed). */
async function withDraft(user?: TestUser) {
  const u = user ?? (await builder());
  const email = `partner-${Math.random().toString(36).slice(2)}@fund.example`;
  const [inv] = await t.database.db
    .insert(investors)
    .values({
      userId: u.id,
      identity: `email:${email}`,
      name: 'Iris Fernhill',
      firm: 'Fernhill Fund',
      email,
      verificationScore: 2,
      verificationLevel: 'basic',
      foundAt: new Date(),
    })
    .returning();
  const [draft] = await t.database.db
    .insert(investorEmails)
    .values({
      userId: u.id,
      investorId: inv!.id,
      recipientEmail: email,
      subject: 'Intro: bread marketplace',
      body: 'Hi Iris, a short intro.',
      personalization: { connectionPoints: ['Marketplaces'], portfolioMentions: [], reasoning: 'fit' },
    })
    .returning();
  return { user: u, investor: inv!, draft: draft!, email };
}

describe('investor outreach', () => {
  it('is a Builder feature: 401 anonymous, 403 upgradeRequired below Builder', async () => {
    const trial = await signedInUser(t);
    expect((await call(t, 'GET', `${base(trial)}/investors`)).status).toBe(401);
    for (const [method, path] of [
      ['GET', `${base(trial)}/investors`],
      ['GET', `${base(trial)}/pending-emails`],
      ['POST', `${base(trial)}/create-task`],
      ['POST', `/api/agents/investor-outreach/${trial.id}/process`],
    ] as const) {
      const res = await call(t, method, path, {
        token: trial.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ upgradeRequired: true, plan: 'builder', planName: 'Builder' });
    }
    await givePlan(t.database, trial.id, 'starter');
    expect((await get(trial, '/analytics')).status).toBe(403);
  });

  it("refuses another founder's data and bad input, changing nothing", async () => {
    const [a, b] = [await builder(), await builder()];
    expect((await call(t, 'GET', `${base(a)}/investors`, { token: b.token })).status).toBe(403);
    expect((await get(a, '/investors?status=lost')).status).toBe(400);
    expect((await get(a, '/investors?limit=51')).status).toBe(400);
    expect((await get(a, '/investors?page=0')).status).toBe(400);
    expect((await get(a, '/investors?limit=50&page=1&status=all')).status).toBe(200);
    expect((await post(a, '/create-task', { description: '' })).status).toBe(400);
    expect((await post(a, '/create-task', { description: 'x', priority: 11 })).status).toBe(400);
    expect(await t.database.db.select().from(tasks).where(eq(tasks.userId, a.id))).toHaveLength(0);
    const process = (u: TestUser, body: unknown) =>
      call(t, 'POST', `/api/agents/investor-outreach/${a.id}/process`, { token: u.token, body });
    expect((await process(a, {})).status).toBe(400);
    expect((await process(a, { taskId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const created = CreateResearchTaskResponse.parse(
      await (await post(b, '/create-task', { description: 'Find investors' })).json(),
    );
    // b's task through a's path: not a's task.
    expect((await process(a, { taskId: created.task.id })).status).toBe(404);
  });

  it('researches offline: sample investors with verification levels, deduplicated, drafts waiting', async () => {
    const user = await builder();
    await research(user);
    const first = await listOf(user);
    expect(first.total).toBeGreaterThan(0);
    expect(first.total).toBeLessThanOrEqual(12);
    for (const inv of first.investors) {
      expect(inv).toMatchObject({ sample: true, status: 'new', sourceUrl: null, photoUrl: null });
      const score = verificationScore(inv);
      expect(inv.verification).toEqual({ score, level: verificationLevel(score) });
      if (inv.email) expect(inv.email).toMatch(/@[a-z0-9]+\.example$/);
      if (inv.linkedin) expect(inv.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    }
    // Fintech founders get investors who match them, each with the score's reasons; a mental-health fund is not one.
    expect(first.investors.map((i) => i.name)).toContain('Bram Oakenshaw');
    expect(first.investors.map((i) => i.name)).not.toContain('Jasper Wrenfield');
    for (const inv of first.investors)
      expect(inv.match!.score).toBeGreaterThanOrEqual(INVESTORS.match.threshold);
    const bram = first.investors.find((i) => i.name === 'Bram Oakenshaw')!;
    expect(bram.match!.reasons.slice(0, 2)).toEqual([
      { about: 'industry', text: 'Invests in Payments and Embedded finance', fits: true },
      { about: 'stage', text: 'Seed stage matches', fits: true },
    ]);
    expect(formatCheckSize(bram.check)).toBe('100K - 500K');
    expect(bram.verification.level).toBe('verified');
    const drafts = await pendingOf(user);
    expect(drafts.length).toBe(first.investors.filter((i) => i.email).length);
    const draft = drafts.find((d) => d.investorName === 'Bram Oakenshaw')!;
    expect(draft.body).toContain('Ada Lovelace');
    expect(draft.personalization.portfolioMentions.length).toBeGreaterThan(0);
    expect(draft.subject).not.toMatch(/[\r\n]/);

    // A second run adds only investors not found before: every match is already there, so none.
    await research(user);
    const second = await listOf(user, '?limit=50');
    const ids = second.investors.map((i) => i.email ?? i.linkedin ?? i.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.total).toBe(first.total);
    expect((await pendingOf(user)).length).toBe(second.investors.filter((i) => i.email).length);

    // Search and paging.
    const search = await listOf(user, '?search=oakenshaw');
    expect(search.investors.map((i) => i.name)).toEqual(['Bram Oakenshaw']);
    const byFocus = await listOf(user, '?search=payments');
    expect(byFocus.investors.some((i) => i.name === 'Bram Oakenshaw')).toBe(true);
    const page = await listOf(user, '?limit=5&page=2');
    expect(page).toMatchObject({ page: 2, limit: 5, total: second.total });
    expect(page.investors).toHaveLength(Math.min(5, second.total - 5));
    expect((await mailTo(t.baseUrl, bram.email!)).length).toBe(0);
  });

  it('below Builder, an investor research task (e.g. from onboarding) pauses with the upgrade reason', async () => {
    const trial = await signedInUser(t);
    await t.database.db.insert(onboarding).values({
      userId: trial.id,
      profile: testProfile({ industry: 'fintech', stage: 'Have an MVP' }),
    });
    const [task] = await t.database.db
      .insert(tasks)
      .values({
        userId: trial.id,
        description: 'Build a list of 20 seed investors who back fintech',
        priority: 8,
        agent: 'investor_outreach_agent',
        category: 'investor_outreach',
      })
      .returning();
    await t.queue!.enqueue([{ id: task!.id, userId: trial.id }]);
    await waitFor(async () => {
      const [r] = await t.database.db
        .select({ status: tasks.status })
        .from(tasks)
        .where(eq(tasks.id, task!.id));
      return r?.status !== 'pending' && r?.status !== 'in_progress';
    }, 20_000);
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(row).toMatchObject({
      status: 'paused_login_required',
      pauseReason: 'Investor Outreach needs the Builder plan — upgrade to run this task',
      requiredPlatforms: [],
    });
    expect(await t.database.db.select().from(investors).where(eq(investors.userId, trial.id))).toEqual([]);
    expect(
      await t.database.db.select().from(investorEmails).where(eq(investorEmails.userId, trial.id)),
    ).toEqual([]);

    // Paying for Builder (the local checkout) runs the paused research at once.
    const session = await call(t, 'POST', '/api/stripe/create-checkout-session', {
      token: trial.token,
      body: { planName: 'builder', interval: 'monthly' },
    });
    const { sessionId } = (await session.json()) as { sessionId: string };
    const paid = await call(t, 'POST', `/api/stripe/local-checkout/${sessionId}`, { token: trial.token, body: { action: 'pay' } });
    expect(paid.status).toBe(200);
    await waitFor(async () => {
      const [r] = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task!.id));
      return r?.status === 'completed';
    }, 20_000);
    expect((await t.database.db.select().from(investors).where(eq(investors.userId, trial.id))).length).toBeGreaterThan(0);
  });

  it('approve sends exactly one email, once, even on a double click; the investor becomes contacted', async () => {
    const { user, investor, draft, email } = await withDraft();
    const [x, y] = await Promise.all([
      post(user, `/approve-email/${draft.id}`, { approved: true }),
      post(user, `/approve-email/${draft.id}`, { approved: true }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const ok = x.status === 200 ? x : y;
    expect(ApproveEmailResponse.parse(await ok.json()).status).toBe('sent');
    const mails = await mailTo(t.baseUrl, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Intro: bread marketplace',
      text: 'Hi Iris, a short intro.',
      html: null,
      replyTo: user.email,
      fromName: 'Ada Lovelace',
    });
    const again = await post(user, `/approve-email/${draft.id}`, { approved: false });
    expect(again.status).toBe(409);
    expect(await mailTo(t.baseUrl, email)).toHaveLength(1);
    const [row] = await t.database.db.select().from(investors).where(eq(investors.id, investor.id));
    expect(row?.status).toBe('contacted');
    expect(row?.lastContactDate).toBeInstanceOf(Date);
    expect(await pendingOf(user)).toHaveLength(0);
  });

  it('reject sends nothing; edits are sent as edited; header injection and other founders are refused', async () => {
    const { user, draft, email } = await withDraft();
    const rejected = await post(user, `/approve-email/${draft.id}`, { approved: false });
    expect(ApproveEmailResponse.parse(await rejected.json()).status).toBe('rejected');
    expect(await mailTo(t.baseUrl, email)).toHaveLength(0);

    const second = await withDraft(user);
    const other = await builder();
    expect(
      (
        await call(t, 'POST', `${base(other)}/approve-email/${second.draft.id}`, {
          token: other.token,
          body: { approved: true },
        })
      ).status,
    ).toBe(404);
    expect((await post(user, '/approve-email/not-an-id', { approved: true })).status).toBe(404);
    expect(
      (
        await post(user, `/approve-email/${second.draft.id}`, {
          approved: true,
          subject: 'Hi\r\nBcc: all@victim.example',
        })
      ).status,
    ).toBe(400);
    expect((await post(user, `/approve-email/${second.draft.id}`, { approved: 'yes' })).status).toBe(400);
    expect(await mailTo(t.baseUrl, second.email)).toHaveLength(0);
    expect((await pendingOf(user)).map((d) => d.id)).toEqual([second.draft.id]);

    const edited = await post(user, `/approve-email/${second.draft.id}`, {
      approved: true,
      subject: 'Edited subject',
      body: 'Edited body, by hand.',
    });
    expect(edited.status).toBe(200);
    const [mail] = await mailTo(t.baseUrl, second.email);
    expect(mail).toMatchObject({ subject: 'Edited subject', text: 'Edited body, by hand.' });
  });

  it('marks replies and meetings, and counts them in the analytics', async () => {
    const { user, investor, draft } = await withDraft();
    const rejectedOne = await withDraft(user);
    await withDraft(user);
    await post(user, `/approve-email/${draft.id}`, { approved: true });
    await post(user, `/approve-email/${rejectedOne.draft.id}`, { approved: false });
    const patch = (id: string, body: unknown, u = user) =>
      call(t, 'PATCH', `${base(u)}/investors/${id}`, { token: u.token, body });
    expect((await patch(investor.id, { status: 'contacted' })).status).toBe(400);
    expect((await patch('00000000-0000-4000-8000-000000000000', { status: 'responded' })).status).toBe(404);
    const other = await builder();
    expect(
      (
        await call(t, 'PATCH', `${base(other)}/investors/${investor.id}`, {
          token: other.token,
          body: { status: 'meeting' },
        })
      ).status,
    ).toBe(404);
    const res = await patch(investor.id, { status: 'responded' });
    expect(res.status).toBe(200);
    expect(UpdateInvestorResponse.parse(await res.json()).investor.status).toBe('responded');
    expect((await listOf(user, '?status=responded')).investors.map((i) => i.investorId)).toEqual([
      investor.id,
    ]);
    const { analytics } = InvestorAnalyticsResponse.parse(await (await get(user, '/analytics')).json());
    expect(analytics).toEqual({
      total: 3,
      byStatus: { new: 2, contacted: 0, responded: 1, meeting: 0 },
      emails: { pending: 1, sent: 1, approved: 1, rejected: 1 },
      responseRate: 100,
    });
  });

  it('refuses avatar URLs that are not https on a LinkedIn image host', async () => {
    const user = await builder();
    for (const url of [
      'http://127.0.0.1/x',
      'file:///etc/passwd',
      'https://evil.example/x',
      'https://user:pw@media.licdn.com/x',
      'https://media.licdn.com:8443/x',
      'not a url',
    ]) {
      const res = await get(user, `/linkedin-avatar?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(400);
      expect((await res.json()) as unknown).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    expect((await get(user, '/linkedin-avatar')).status).toBe(400);
  });
});
