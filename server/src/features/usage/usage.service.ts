import { BILLING, PLANS, USAGE_THRESHOLDS, type PlanDefinition, type UsageCounter, type UsageDetails } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  addVoiceSeconds,
  claimTasks,
  countersOf,
  countMessage,
  ensurePlan,
  lockCounters,
  planState,
  refundMessage,
  refundTasks,
  usageState,
} from './usage.repo.ts';

/** Spec 1 §8 "Chat": the text of the 429 when the month's messages are used up. */
export const USAGE_LIMIT_MESSAGE = "You've reached your usage limit for this month. Please upgrade your plan to continue.";

/** The 429 for new tasks when the month's allowance is used up and no warning text applies. */
export const TASK_LIMIT_MESSAGE = "You've reached your monthly task limit. Upgrade your plan to continue.";

/** Calendar months in UTC, as 'YYYY-MM' (the counters' key). */
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

/** Midnight UTC on the first day of the next month, when the counters start again. */
export const resetDate = (at: Date): string => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toISOString();

/**
 * What a chat message is counted against: the month it is sent in and the plan's monthly limit (null:
 * unlimited). The conversation area counts and stores the message in one statement with these, so usedUp
 * (as read) decides only which refusal comes first; the count itself is atomic.
 */
export interface MessageQuota {
  userId: string;
  month: string;
  limit: number | null;
  /** This month's messages were all used when the quota was read. */
  usedUp: boolean;
  /** The free trial has ended and no paid plan holds: a send answers 402. */
  trialExpired: boolean;
}

function counter(used: number, limit: number | null): UsageCounter {
  if (limit === null) return { used, limit: null, remaining: null, percentage: 0, unlimited: true };
  const percentage = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return { used, limit, remaining: Math.max(0, limit - used), percentage, unlimited: false };
}

function warning(c: UsageCounter, noun: 'messages' | 'tasks' | 'voice minutes'): string | null {
  if (c.limit === null) return null;
  if (c.used >= c.limit) return `You've reached your monthly limit of ${c.limit} ${noun}. Upgrade your plan to continue.`;
  if (c.percentage >= USAGE_THRESHOLDS.red) return `You've used ${c.used} of ${c.limit} ${noun} this month.`;
  return null;
}

/** Voice use is stored in seconds and shown in whole minutes, rounded up (a 10 s recording is a minute used). */
export const voiceMinutes = (seconds: number): number => Math.ceil(seconds / 60);

/** Seconds of voice left this month under `limitMinutes` (null: unlimited). */
export const voiceSecondsLeft = (usedSeconds: number, limitMinutes: number | null): number | null =>
  limitMinutes === null ? null : Math.max(0, limitMinutes * 60 - usedSeconds);

/** Messages, tasks and voice seconds metered per user per calendar month against the user's plan. */
export function createUsageService(db: Db, now: () => number) {
  const trialEnded = () => new AppError('payment_required', BILLING.trialEndedText);
  const planOf = async (userId: string): Promise<PlanDefinition> => PLANS[await ensurePlan(db, userId, new Date(now()))];

  const service = {
    planOf,

    /** The plan in force and the trial's state. */
    planState: (userId: string) => planState(db, userId, new Date(now())),

    /** 402 payment_required when the free trial has ended and no paid plan holds. */
    async requireActivePlan(userId: string): Promise<void> {
      if ((await planState(db, userId, new Date(now()))).trialExpired) throw trialEnded();
    },

    /** What a chat message is counted against, from one read (plan, trial and this month's count). */
    async messageQuota(userId: string): Promise<MessageQuota> {
      const at = new Date(now());
      const month = monthKey(at);
      const { state, counters } = await usageState(db, userId, at, month);
      const limit = PLANS[state.plan].messagesPerMonth;
      return { userId, month, limit, usedUp: limit !== null && counters.messages >= limit, trialExpired: state.trialExpired };
    },

    /** Gives a counted message back (its reply failed) to the month it was counted in, even if that has turned. */
    refundMessage: (quota: MessageQuota) => refundMessage(db, quota.userId, quota.month),

    /** Counts one message against `quota` (a model request outside the chat: message-meter.ts); false when used up. */
    countMessage: (quota: MessageQuota) => countMessage(db, quota.userId, quota.month, quota.limit),

    /** The 429 for a send over the month's limit. */
    limitReached: () => new AppError('rate_limited', USAGE_LIMIT_MESSAGE),

    /** The 402 for a send or generation after the free trial ended without a paid plan. */
    trialEnded,

    /** How many of `wanted` new tasks this month's allowance takes; counted in the caller's transaction. */
    async claimTasks(tx: Db, userId: string, plan: PlanDefinition, wanted: number): Promise<number> {
      return claimTasks(tx, userId, monthKey(new Date(now())), wanted, plan.tasksPerMonth);
    },

    /**
     * One more run of a task that was done already, counted as a task of this month's allowance: 402 after the
     * trial, 429 with the task warning when none is left. Resolves to the refund, for a run that then never starts.
     */
    async claimTaskRun(userId: string): Promise<() => Promise<void>> {
      const at = new Date(now());
      const state = await planState(db, userId, at);
      if (state.trialExpired) throw trialEnded();
      const month = monthKey(at);
      const granted = await db.transaction((tx) => claimTasks(tx, userId, month, 1, PLANS[state.plan].tasksPerMonth));
      if (granted === 0) throw new AppError('rate_limited', (await service.details(userId)).warnings.taskLimit ?? TASK_LIMIT_MESSAGE);
      return () => refundTasks(db, userId, month, 1);
    },

    /** Seconds of voice left this month (null: unlimited). */
    async voiceSecondsLeft(userId: string, plan: PlanDefinition): Promise<number | null> {
      const used = await countersOf(db, userId, monthKey(new Date(now())));
      return voiceSecondsLeft(used.voiceSeconds, plan.voiceMinutesPerMonth);
    },

    /** Locks this month's counters in the caller's transaction and says how many voice seconds are left. */
    async lockVoiceSecondsLeft(tx: Db, userId: string, plan: PlanDefinition): Promise<number | null> {
      const used = await lockCounters(tx, userId, monthKey(new Date(now())));
      return voiceSecondsLeft(used.voiceSeconds, plan.voiceMinutesPerMonth);
    },

    /** Meters transcribed or call seconds (rounded up to whole seconds) to this month. */
    async addVoiceSeconds(tx: Db, userId: string, seconds: number): Promise<void> {
      await addVoiceSeconds(tx, userId, monthKey(new Date(now())), Math.ceil(seconds));
    },

    /** GET /api/subscription/usage-details. */
    async details(userId: string): Promise<UsageDetails> {
      const at = new Date(now());
      const { state, counters: used } = await usageState(db, userId, at, monthKey(at));
      const plan = PLANS[state.plan];
      const messages = counter(used.messages, plan.messagesPerMonth);
      const tasks = counter(used.tasks, plan.tasksPerMonth);
      const voice = counter(voiceMinutes(used.voiceSeconds), plan.voiceMinutesPerMonth);
      return {
        success: true,
        plan: { name: plan.name, current: plan.id },
        usage: { messages, tasks, voiceMinutes: voice },
        warnings: {
          messageLimit: warning(messages, 'messages'),
          taskLimit: warning(tasks, 'tasks'),
          voiceLimit: warning(voice, 'voice minutes'),
        },
        currentMonth: { resetDate: resetDate(at) },
      };
    },
  };
  return service;
}

export type UsageService = ReturnType<typeof createUsageService>;

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { ensurePlan, planState } from './usage.repo.ts';
