import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  INVESTOR_STATUSES,
  investorIdentity,
  investorMatch,
  verificationLevel,
  verificationScore,
  type Investor,
  type InvestorsQuery,
  type InvestorStatus,
  type MatchFounder,
  type PendingEmail,
  type Personalization,
} from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { investorEmails, investors, type InvestorEmailRow, type InvestorRow } from '../../db/schema.ts';
import type { FoundInvestor } from './sample-directory.ts';

/** Who an investor is for deduplication: investorIdentity (email, else LinkedIn), else name and firm. */
export function identityOf(i: Pick<FoundInvestor, 'email' | 'linkedin' | 'name' | 'firm'>): string {
  return investorIdentity(i) ?? `name:${i.name.trim().toLowerCase()}|${(i.firm ?? '').trim().toLowerCase()}`;
}

/** The API's investor; its match is computed now from the stored fields (null without a founder profile). */
export function toInvestor(r: InvestorRow, founder: MatchFounder | null): Investor {
  return {
    investorId: r.id,
    name: r.name,
    firm: r.firm,
    email: r.email,
    linkedin: r.linkedin,
    geo: r.geo,
    status: r.status,
    check: r.checkSize,
    focus: r.focus,
    thesis: r.thesis,
    stages: r.stages,
    portfolio: r.portfolio,
    recentInvestments: r.recentInvestments,
    sourceUrl: r.sourceUrl,
    photoUrl: r.photoUrl,
    foundAt: r.foundAt.toISOString(),
    lastContactDate: r.lastContactDate?.toISOString() ?? null,
    sample: r.sample,
    verification: { score: r.verificationScore, level: r.verificationLevel },
    match: founder
      ? investorMatch(founder, {
          focus: r.focus,
          thesis: r.thesis,
          stages: r.stages,
          check: r.checkSize,
          geo: r.geo,
        })
      : null,
  };
}

export function toPendingEmail(e: InvestorEmailRow, i: Pick<InvestorRow, 'name' | 'firm'>): PendingEmail {
  return {
    id: e.id,
    investorId: e.investorId,
    investorName: i.name,
    investorFirm: i.firm,
    recipientEmail: e.recipientEmail,
    subject: e.subject,
    body: e.body,
    personalization: e.personalization,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The identities of every investor the founder already has (research skips them). */
export async function knownIdentities(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ identity: investors.identity })
    .from(investors)
    .where(eq(investors.userId, userId));
  return new Set(rows.map((r) => r.identity));
}

export interface FoundWithDraft {
  investor: FoundInvestor;
  sample: boolean;
  draft: { subject: string; body: string; personalization: Personalization } | null;
}

/**
 * Stores new investors and their drafts in the caller's transaction. An investor another run stored meanwhile
 * (same identity) is skipped with its draft: the unique index decides, so concurrent runs never duplicate.
 */
export async function storeFound(
  tx: Db,
  userId: string,
  taskId: string | null,
  found: FoundWithDraft[],
  at: Date,
): Promise<{ investors: number; drafts: number }> {
  let stored = 0;
  let drafts = 0;
  for (const { investor: f, sample, draft } of found) {
    const score = verificationScore(f);
    const [row] = await tx
      .insert(investors)
      .values({
        userId,
        taskId,
        identity: identityOf(f),
        name: f.name,
        firm: f.firm,
        email: f.email,
        linkedin: f.linkedin,
        geo: f.geo,
        checkSize: f.check,
        focus: f.focus,
        thesis: f.thesis,
        stages: f.stages,
        portfolio: f.portfolio,
        recentInvestments: f.recentInvestments,
        sourceUrl: f.sourceUrl,
        photoUrl: f.photoUrl,
        sample,
        verificationScore: score,
        verificationLevel: verificationLevel(score),
        foundAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: [investors.userId, investors.identity] })
      .returning({ id: investors.id });
    if (!row) continue;
    stored++;
    if (draft && f.email) {
      await tx.insert(investorEmails).values({
        userId,
        investorId: row.id,
        taskId,
        recipientEmail: f.email,
        subject: draft.subject,
        body: draft.body,
        personalization: draft.personalization,
        createdAt: at,
      });
      drafts++;
    }
  }
  return { investors: stored, drafts };
}

/** One page of the founder's investors (newest first), filtered by status and a search over name, firm, focus. */
export async function listInvestors(
  db: Db,
  userId: string,
  q: InvestorsQuery,
): Promise<{ rows: InvestorRow[]; total: number }> {
  const where: SQL[] = [eq(investors.userId, userId)];
  if (q.status !== 'all') where.push(eq(investors.status, q.status));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(investors.name, like),
        ilike(investors.firm, like),
        sql`${investors.focus}::text ilike ${like}`,
      )!,
    );
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(investors)
      .where(filter)
      .orderBy(desc(investors.foundAt), asc(investors.name), asc(investors.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(investors).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Drafts waiting for the founder, newest first. */
export async function pendingEmails(db: Db, userId: string, limit = 200): Promise<PendingEmail[]> {
  const rows = await db
    .select({ e: investorEmails, name: investors.name, firm: investors.firm })
    .from(investorEmails)
    .innerJoin(investors, eq(investors.id, investorEmails.investorId))
    .where(and(eq(investorEmails.userId, userId), eq(investorEmails.status, 'pending')))
    .orderBy(desc(investorEmails.createdAt), asc(investorEmails.id))
    .limit(limit);
  return rows.map((r) => toPendingEmail(r.e, r));
}

export async function countsOf(
  db: Db,
  userId: string,
): Promise<{ byStatus: Record<InvestorStatus, number>; emails: Record<InvestorEmailRow['status'], number> }> {
  const [byStatus, emails] = await Promise.all([
    db
      .select({ status: investors.status, n: count() })
      .from(investors)
      .where(eq(investors.userId, userId))
      .groupBy(investors.status),
    db
      .select({ status: investorEmails.status, n: count() })
      .from(investorEmails)
      .where(eq(investorEmails.userId, userId))
      .groupBy(investorEmails.status),
  ]);
  const statuses = Object.fromEntries(INVESTOR_STATUSES.map((s) => [s, 0])) as Record<InvestorStatus, number>;
  for (const r of byStatus) statuses[r.status] = r.n;
  const mail = { pending: 0, approved: 0, sent: 0, rejected: 0 };
  for (const r of emails) mail[r.status] = r.n;
  return { byStatus: statuses, emails: mail };
}

/** An email with its investor, or null; the caller checks the owner (requireOwned). */
export async function emailWithInvestor(
  db: Db,
  emailId: string,
): Promise<{ userId: string; email: InvestorEmailRow; investor: InvestorRow } | null> {
  const [row] = await db
    .select({ userId: investorEmails.userId, email: investorEmails, investor: investors })
    .from(investorEmails)
    .innerJoin(investors, eq(investors.id, investorEmails.investorId))
    .where(eq(investorEmails.id, emailId));
  return row ?? null;
}

/**
 * pending → approved (with the edit) or rejected, as one conditional update: of two concurrent decisions
 * exactly one gets the row back, and only that one may send.
 */
export async function decidePending(
  db: Db,
  emailId: string,
  change: { status: 'approved' | 'rejected'; subject?: string; body?: string },
  at: Date,
): Promise<InvestorEmailRow | null> {
  const [row] = await db
    .update(investorEmails)
    .set({ ...change, decidedAt: at })
    .where(and(eq(investorEmails.id, emailId), eq(investorEmails.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The send went out: record it and move the investor to contacted (a later status is kept). */
export async function markSent(db: Db, email: InvestorEmailRow, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(investorEmails)
      .set({ status: 'sent', sentAt: at })
      .where(and(eq(investorEmails.id, email.id), eq(investorEmails.status, 'approved')));
    await tx
      .update(investors)
      .set({
        status: sql`case when ${investors.status} = 'new' then 'contacted' else ${investors.status} end`,
        lastContactDate: at,
        updatedAt: at,
      })
      .where(eq(investors.id, email.investorId));
  });
}

/** The send failed: the draft waits again (with the founder's edit), so Approve can be pressed again. */
export async function backToPending(db: Db, emailId: string): Promise<void> {
  await db
    .update(investorEmails)
    .set({ status: 'pending', decidedAt: null })
    .where(and(eq(investorEmails.id, emailId), eq(investorEmails.status, 'approved')));
}

export async function setInvestorStatus(
  db: Db,
  userId: string,
  investorId: string,
  status: InvestorStatus,
  at: Date,
): Promise<InvestorRow | null> {
  const [row] = await db
    .update(investors)
    .set({ status, updatedAt: at })
    .where(and(eq(investors.id, investorId), eq(investors.userId, userId)))
    .returning();
  return row ?? null;
}
