import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PlanId } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { subscriptions, usageCounters, userPlans } from '../../db/schema.ts';
import { grantedPlan, trialEndsAt } from '../billing/plan.ts';

const row = (userId: string, month: string) => and(eq(usageCounters.userId, userId), eq(usageCounters.month, month));

export interface PlanState {
  /** The plan in force: what the subscription row grants now, else the free trial. */
  plan: PlanId;
  /** A paid plan holds (the trial does not matter then). */
  paid: boolean;
  trialStartedAt: Date;
  trialEndsAt: Date;
  /** The trial is over and no paid plan holds: sending and generating answer 402. */
  trialExpired: boolean;
}

export interface Counters {
  messages: number;
  tasks: number;
  voiceSeconds: number;
}

const NOTHING_USED: Counters = { messages: 0, tasks: 0, voiceSeconds: 0 };

/**
 * The trial row, the subscription and (with `month`) that month's counters in ONE select: a chat turn's first
 * token waits on this read. Undefined when the user has no trial row yet.
 */
async function planRow(db: Db, userId: string, month: string | null) {
  const statements = planRowsOf(db);
  const [found] = month === null ? await statements.plan.execute({ userId }) : await statements.withCounters.execute({ userId, month });
  return found;
}

const planRowsOf = preparedPerHandle((db) => {
  const select = (counters: SQL) =>
    db
      .select({
        trialStartedAt: userPlans.trialStartedAt,
        subscription: subscriptions,
        counters: { messages: usageCounters.messages, tasks: usageCounters.tasks, voiceSeconds: usageCounters.voiceSeconds },
      })
      .from(userPlans)
      .leftJoin(subscriptions, eq(subscriptions.userId, userPlans.userId))
      .leftJoin(usageCounters, counters)
      .where(eq(userPlans.userId, sql.placeholder('userId')));
  return {
    withCounters: select(and(eq(usageCounters.userId, userPlans.userId), eq(usageCounters.month, sql.placeholder('month')))!).prepare(
      'usage_plan_row_month',
    ),
    // No month: no counters row is joined (the join condition is false).
    plan: select(sql`false`).prepare('usage_plan_row'),
  };
});

/**
 * The user's plan: the subscription row's plan while it still grants it, else the free trial. The trial row is
 * created on first use (the trial starts then). With `month`, that month's counters come in the same read.
 */
export async function usageState(db: Db, userId: string, at: Date, month: string | null): Promise<{ state: PlanState; counters: Counters }> {
  let found = await planRow(db, userId, month);
  if (!found) {
    // Two first requests may race here: one insert wins, the other finds its row.
    await db.insert(userPlans).values({ userId, trialStartedAt: at, createdAt: at }).onConflictDoNothing();
    found = (await planRow(db, userId, month))!;
  }
  const paid = grantedPlan(found.subscription, at);
  const ends = trialEndsAt(found.trialStartedAt);
  return {
    state: {
      plan: paid ?? 'free_trial',
      paid: paid !== null,
      trialStartedAt: found.trialStartedAt,
      trialEndsAt: ends,
      trialExpired: paid === null && ends.getTime() <= at.getTime(),
    },
    counters: found.counters ?? { ...NOTHING_USED },
  };
}

/** The user's plan and trial (see usageState), without counters. */
export async function planState(db: Db, userId: string, at: Date): Promise<PlanState> {
  return (await usageState(db, userId, at, null)).state;
}

/** The user's plan, creating the free-trial row on first use (the trial starts then). */
export async function ensurePlan(db: Db, userId: string, at: Date): Promise<PlanId> {
  return (await planState(db, userId, at)).plan;
}

/**
 * Counts one of the month's messages unless the month's `limit` is reached (null: unlimited); false when it is.
 * One statement, so concurrent counts never pass the limit.
 */
export async function countMessage(db: Db, userId: string, month: string, limit: number | null): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  const counted = await db
    .insert(usageCounters)
    .values({ userId, month, messages: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.month],
      set: { messages: sql`${usageCounters.messages} + 1` },
      ...(limit === null ? {} : { setWhere: sql`${usageCounters.messages} < ${limit}` }),
    })
    .returning({ messages: usageCounters.messages });
  return counted.length > 0;
}

/** Gives `count` claimed tasks back to the month they were counted in (the work they were claimed for never started). */
export async function refundTasks(db: Db, userId: string, month: string, count: number): Promise<void> {
  await db
    .update(usageCounters)
    .set({ tasks: sql`greatest(${usageCounters.tasks} - ${count}, 0)` })
    .where(row(userId, month));
}

export async function refundMessage(db: Db, userId: string, month: string): Promise<void> {
  await db
    .update(usageCounters)
    .set({ messages: sql`${usageCounters.messages} - 1` })
    .where(and(row(userId, month), sql`${usageCounters.messages} > 0`));
}

/**
 * Grants up to `wanted` tasks of what is left this month and counts them. Run it inside the transaction
 * that stores the tasks: the row lock (FOR UPDATE) holds other claims until the tasks are committed.
 */
export async function claimTasks(tx: Db, userId: string, month: string, wanted: number, limit: number | null): Promise<number> {
  await tx.insert(usageCounters).values({ userId, month }).onConflictDoNothing();
  const [current] = await tx.select({ tasks: usageCounters.tasks }).from(usageCounters).where(row(userId, month)).for('update');
  const granted = limit === null ? wanted : Math.max(0, Math.min(wanted, limit - (current?.tasks ?? 0)));
  if (granted > 0) {
    await tx.update(usageCounters).set({ tasks: sql`${usageCounters.tasks} + ${granted}` }).where(row(userId, month));
  }
  return granted;
}

/** Adds transcribed or call seconds to the month's voice use (one statement: concurrent adds never lose one). */
export async function addVoiceSeconds(db: Db, userId: string, month: string, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  await db
    .insert(usageCounters)
    .values({ userId, month, voiceSeconds: seconds })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.month],
      set: { voiceSeconds: sql`${usageCounters.voiceSeconds} + ${seconds}` },
    });
}

/**
 * Locks the user's counter row for the month (creating it) until the caller's transaction ends: voice
 * sessions take it so two concurrent starts see each other's call.
 */
export async function lockCounters(tx: Db, userId: string, month: string): Promise<{ voiceSeconds: number }> {
  await tx.insert(usageCounters).values({ userId, month }).onConflictDoNothing();
  const [current] = await tx.select({ voiceSeconds: usageCounters.voiceSeconds }).from(usageCounters).where(row(userId, month)).for('update');
  return current ?? { voiceSeconds: 0 };
}

export async function countersOf(db: Db, userId: string, month: string): Promise<Counters> {
  const [current] = await db
    .select({ messages: usageCounters.messages, tasks: usageCounters.tasks, voiceSeconds: usageCounters.voiceSeconds })
    .from(usageCounters)
    .where(row(userId, month));
  return current ?? { ...NOTHING_USED };
}
