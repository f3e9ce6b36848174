import type { Investor, InvestorStatus, PendingEmail } from '@cofounder/shared';
import { paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';

/** An investor as the server answers it; `over` changes any field. */
export function investor(over: Partial<Investor> = {}): Investor {
  return {
    investorId: 'inv-1',
    name: 'Ada Lovelace',
    firm: 'Analytical Ventures',
    email: 'ada@analytical.vc',
    linkedin: 'https://www.linkedin.com/in/ada',
    geo: 'London, UK',
    status: 'new',
    check: '$50k to $250k',
    focus: ['AI', 'Fintech'],
    thesis: 'Machines that think about money.',
    stages: ['Pre-seed', 'Seed'],
    portfolio: ['Babbage Labs', 'Difference Co', 'Jacquard', 'Loom AI', 'Punchcard', 'Engine Two'],
    recentInvestments: ['Loom AI'],
    sourceUrl: null,
    photoUrl: null,
    foundAt: '2025-03-01T10:00:00.000Z',
    lastContactDate: null,
    sample: true,
    verification: { score: 6, level: 'verified' },
    match: {
      score: 77,
      reasons: [
        { about: 'industry', text: 'Invests in Fintech', fits: true },
        { about: 'stage', text: 'Pre-seed / Seed stage matches', fits: true },
        { about: 'geo', text: 'Based in London, UK, not the US', fits: false },
        { about: 'check', text: 'Writes $50k–$250k checks', fits: null },
      ],
    },
    ...over,
  };
}

/** A drafted email waiting for approval. */
export function pendingEmail(over: Partial<PendingEmail> = {}): PendingEmail {
  return {
    id: 'em-1',
    investorId: 'inv-1',
    investorName: 'Ada Lovelace',
    investorFirm: 'Analytical Ventures',
    recipientEmail: 'ada@analytical.vc',
    subject: 'Invoices that chase themselves',
    body: 'Hi Ada, I saw your investment in Loom AI. We are building invoices that chase themselves.',
    personalization: {
      connectionPoints: ['Both care about fintech automation'],
      portfolioMentions: ['Loom AI'],
      reasoning: 'Ada backs pre-seed fintech with AI.',
    },
    createdAt: '2025-03-02T09:30:00.000Z',
    ...over,
  };
}

interface ServerOptions {
  investors?: Investor[];
  emails?: PendingEmail[];
  plan?: 'starter' | 'builder';
  /** Status the approve-email call answers instead of deciding (e.g. 409). */
  approveStatus?: number;
  /** What the investors list answers with an error status instead (e.g. 500 or 403). */
  investorsStatus?: number;
  /** Analytics total when it should differ from the list length. */
  total?: number;
}

/** An in-memory investor-outreach server behind the fake fetch, with what each call received. */
export function investorServer(opts: ServerOptions = {}) {
  const state = { investors: opts.investors ?? [], emails: opts.emails ?? [] };
  const calls = {
    list: [] as URLSearchParams[],
    approve: [] as FakeRequest[],
    createTask: [] as FakeRequest[],
    process: [] as FakeRequest[],
    patch: [] as FakeRequest[],
    avatar: [] as string[],
  };
  const upgrade = () =>
    Response.json(
      {
        error: { code: 'forbidden', message: 'Upgrade to Builder to access this feature' },
        upgradeRequired: true,
        plan: 'builder',
        planName: 'Builder',
      },
      { status: 403 },
    );
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/stripe/subscription-status': () => Response.json(paidStatus(opts.plan ?? 'builder')),
    'GET /api/approvals': () => Response.json({ success: true, approvals: [] }),
    'GET /api/investor-outreach/:userId/investors': (req) => {
      calls.list.push(req.url.searchParams);
      if (opts.investorsStatus === 403) return upgrade();
      if (opts.investorsStatus)
        return Response.json(
          { error: { code: 'internal', message: 'down' } },
          { status: opts.investorsStatus },
        );
      const q = req.url.searchParams;
      const status = q.get('status') ?? 'all';
      const search = (q.get('search') ?? '').toLowerCase();
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 50);
      const matching = state.investors.filter(
        (i) =>
          (status === 'all' || i.status === status) && (!search || i.name.toLowerCase().includes(search)),
      );
      return Response.json({
        success: true,
        investors: matching.slice((page - 1) * limit, page * limit),
        total: opts.total ?? matching.length,
        page,
        limit,
      });
    },
    'PATCH /api/investor-outreach/:userId/investors/:investorId': (req) => {
      calls.patch.push(req);
      const { status } = req.body as { status: InvestorStatus };
      state.investors = state.investors.map((i) =>
        i.investorId === req.params.investorId ? { ...i, status } : i,
      );
      return Response.json({
        success: true,
        investor: state.investors.find((i) => i.investorId === req.params.investorId),
      });
    },
    'GET /api/investor-outreach/:userId/pending-emails': () =>
      opts.investorsStatus === 403
        ? upgrade()
        : Response.json({ success: true, pendingEmails: state.emails }),
    'GET /api/investor-outreach/:userId/analytics': () => {
      if (opts.investorsStatus === 403) return upgrade();
      const count = (s: InvestorStatus) => state.investors.filter((i) => i.status === s).length;
      return Response.json({
        success: true,
        analytics: {
          total: opts.total ?? state.investors.length,
          byStatus: {
            new: count('new'),
            contacted: count('contacted'),
            responded: count('responded'),
            meeting: count('meeting'),
          },
          emails: { pending: state.emails.length, sent: 3, approved: 3, rejected: 1 },
          responseRate: 33.3,
        },
      });
    },
    'GET /api/investor-outreach/:userId/linkedin-avatar': (req) => {
      calls.avatar.push(req.url.searchParams.get('url') ?? '');
      return Response.json({ success: true, imageUrl: 'http://test.invalid/avatars/ada.jpg' });
    },
    'POST /api/investor-outreach/:userId/create-task': (req) => {
      calls.createTask.push(req);
      return Response.json({ success: true, task: { id: 'task-9' } });
    },
    'POST /api/agents/investor-outreach/:userId/process': (req) => {
      calls.process.push(req);
      return Response.json({ success: true, status: 'queued' });
    },
    'POST /api/investor-outreach/:userId/approve-email/:emailId': (req) => {
      calls.approve.push(req);
      if (opts.approveStatus)
        return Response.json(
          { error: { code: 'conflict', message: 'Email already decided' } },
          { status: opts.approveStatus },
        );
      const { approved } = req.body as { approved: boolean };
      const email = state.emails.find((e) => e.id === req.params.emailId)!;
      state.emails = state.emails.filter((e) => e.id !== req.params.emailId);
      if (approved)
        state.investors = state.investors.map((i) =>
          i.investorId === email.investorId
            ? { ...i, status: 'contacted', lastContactDate: new Date().toISOString() }
            : i,
        );
      return Response.json({ success: true, status: approved ? 'sent' : 'rejected', message: 'ok' });
    },
  });
  return { fetch, state, calls };
}
