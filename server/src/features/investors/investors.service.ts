import { eq } from 'drizzle-orm';
import {
  AGENT_CATEGORY,
  matchFounder,
  RecipientEmail,
  type Investor,
  type InvestorsQuery,
  type InvestorsResponse,
  type MatchFounder,
  type ApproveEmailBody,
  type ApproveEmailResponse,
  type CreateResearchTaskBody,
  type InvestorAnalyticsResponse,
} from '@cofounder/shared';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { onboarding, tasks, type TaskRow } from '../../db/schema.ts';
import { requireOwned } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { EmailProvider } from '../../providers/email/port.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import type { AuthedUser } from '../../http/token-verifier.ts';
import { ownTask } from '../tasks/tasks.service.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { oneLine } from './drafts.ts';
import {
  backToPending,
  countsOf,
  decidePending,
  emailWithInvestor,
  listInvestors,
  markSent,
  setInvestorStatus,
  toInvestor,
} from './investors.repo.ts';
import { isUuid } from '../../db/ids.ts';

export const RESEARCH_AGENT = 'investor_outreach_agent' as const;

/** An upstream (mail server) failure: 502 with a clear message; the error codes have no gateway code yet. */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure';
}

interface Deps {
  db: Db;
  email: EmailProvider;
  queue: TaskQueue | null;
  now: () => number;
}

export function createInvestorService({ db, email, queue, now }: Deps) {
  const at = () => new Date(now());
  const usage = createUsageService(db, now);

  /** The name investors see on the founder's mail: the onboarding name, else the address's local part. */
  async function founderName(user: AuthedUser): Promise<string> {
    const [row] = await db
      .select({ profile: onboarding.profile })
      .from(onboarding)
      .where(eq(onboarding.userId, user.id));
    const meta = user.userMetadata;
    const name =
      row?.profile?.name ??
      (typeof meta.full_name === 'string'
        ? meta.full_name
        : typeof meta.name === 'string'
          ? meta.name
          : null) ??
      user.email.split('@')[0] ??
      'A founder';
    // A display name goes into the From header: one line, no quotes or angle brackets.
    return oneLine(name, 100).replace(/["<>\\]/g, '') || 'A founder';
  }

  /** The founder as investor matching sees them (their onboarding profile), or null before onboarding. */
  async function founderOf(userId: string): Promise<MatchFounder | null> {
    const [row] = await db
      .select({ profile: onboarding.profile })
      .from(onboarding)
      .where(eq(onboarding.userId, userId));
    return row?.profile ? matchFounder(row.profile) : null;
  }

  return {
    /** A page of the founder's investors, each with how well they match the founder now. */
    async list(userId: string, query: InvestorsQuery): Promise<InvestorsResponse> {
      const [{ rows, total }, founder] = await Promise.all([
        listInvestors(db, userId, query),
        founderOf(userId),
      ]);
      return {
        success: true,
        investors: rows.map((r) => toInvestor(r, founder)),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    /** Marks a reply or a meeting; null when the founder has no such investor. */
    async setStatus(
      userId: string,
      investorId: string,
      status: 'responded' | 'meeting',
    ): Promise<Investor | null> {
      const row = isUuid(investorId) ? await setInvestorStatus(db, userId, investorId, status, at()) : null;
      return row ? toInvestor(row, await founderOf(userId)) : null;
    },

    /**
     * The AI Research button: a pending investor research task (the process call queues it). It counts against
     * the month's task allowance like every other task (402 after the trial, 429 when none is left).
     */
    async createResearchTask(userId: string, body: CreateResearchTaskBody): Promise<TaskRow> {
      await usage.requireActivePlan(userId);
      const plan = await usage.planOf(userId);
      const task = await db.transaction(async (tx) => {
        if ((await usage.claimTasks(tx, userId, plan, 1)) === 0) return null;
        const [row] = await tx
          .insert(tasks)
          .values({
            userId,
            description: body.description,
            priority: body.priority,
            agent: RESEARCH_AGENT,
            category: AGENT_CATEGORY[RESEARCH_AGENT],
            createdAt: at(),
            updatedAt: at(),
          })
          .returning();
        return row!;
      });
      if (!task) {
        const text = (await usage.details(userId)).warnings.taskLimit;
        throw new AppError(
          'rate_limited',
          text ?? "You've reached your monthly task limit. Upgrade your plan to continue.",
        );
      }
      return task;
    },

    /**
     * Runs the founder's research task on the worker: pending (or failed) is queued — queueing is idempotent, a
     * task with a queued job is not queued twice —, in progress and completed are reported as they are.
     */
    async processResearch(userId: string, taskId: string): Promise<'queued' | 'running' | 'completed'> {
      const task = requireOwned(await ownTask(db, userId, taskId), userId, 'Task not found');
      if (task.agent !== RESEARCH_AGENT) throw new AppError('not_found', 'Task not found');
      if (task.status === 'in_progress') return 'running';
      if (task.status === 'completed') return 'completed';
      if (task.status !== 'pending') {
        await db
          .update(tasks)
          .set({ status: 'pending', lastError: null, pauseReason: null, updatedAt: at() })
          .where(and(eq(tasks.id, task.id), eq(tasks.status, task.status)));
      }
      // Without a worker in this process the task stays pending; the next start-up queues every pending task.
      await queue?.enqueue([{ id: task.id, userId }]);
      return 'queued';
    },

    /**
     * Approve & Send or Reject. One conditional update (pending → approved / rejected) decides: a second
     * decision, concurrent or later, finds nothing pending and gets 409 — so a double click sends once.
     */
    async decideEmail(
      user: AuthedUser,
      emailId: string,
      body: ApproveEmailBody,
    ): Promise<ApproveEmailResponse> {
      const own = requireOwned(
        isUuid(emailId) ? await emailWithInvestor(db, emailId) : null,
        user.id,
        'Email not found',
      );
      if (own.email.status !== 'pending') throw new AppError('conflict', 'This email was already decided');
      if (!body.approved) {
        const rejected = await decidePending(db, own.email.id, { status: 'rejected' }, at());
        if (!rejected) throw new AppError('conflict', 'This email was already decided');
        return { success: true, status: 'rejected', message: 'Email rejected; nothing was sent.' };
      }
      const to = RecipientEmail.safeParse(own.email.recipientEmail);
      if (!to.success)
        throw new AppError('validation_failed', 'The recipient address is not valid', 'recipientEmail');
      const fromName = await founderName(user);
      const approved = await decidePending(
        db,
        own.email.id,
        {
          status: 'approved',
          ...(body.subject ? { subject: body.subject } : {}),
          ...(body.body ? { body: body.body } : {}),
        },
        at(),
      );
      if (!approved) throw new AppError('conflict', 'This email was already decided');
      try {
        await email.send({
          to: to.data,
          subject: approved.subject,
          text: approved.body,
          fromName,
          replyTo: user.email,
        });
      } catch (err) {
        await backToPending(db, approved.id);
        throw new UpstreamFailure('The email could not be sent. Please try again.', { cause: err });
      }
      await markSent(db, approved, at());
      return { success: true, status: 'sent', message: `Email sent to ${own.investor.name}` };
    },

    async analytics(userId: string): Promise<InvestorAnalyticsResponse['analytics']> {
      const { byStatus, emails } = await countsOf(db, userId);
      const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
      const replied = byStatus.responded + byStatus.meeting;
      const reached = byStatus.contacted + replied;
      return {
        total,
        byStatus,
        // "approved" counts every draft the founder approved (sent, or still going out).
        emails: {
          pending: emails.pending,
          sent: emails.sent,
          approved: emails.approved + emails.sent,
          rejected: emails.rejected,
        },
        responseRate: reached ? Math.round((replied / reached) * 1000) / 10 : 0,
      };
    },
  };
}
