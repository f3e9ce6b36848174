import { z } from 'zod';
import { PLAN_IDS } from '../constants.ts';

/** One metered resource this month. `limit` and `remaining` are null when unlimited. */
export const UsageCounter = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** 0-100, capped; 0 when unlimited. */
  percentage: z.number().min(0).max(100),
  unlimited: z.boolean(),
});
export type UsageCounter = z.infer<typeof UsageCounter>;

/** GET /api/subscription/usage-details (spec 1 §3 "Usage details"). */
export const UsageDetails = z.object({
  success: z.literal(true),
  plan: z.object({ name: z.string(), current: z.enum(PLAN_IDS) }),
  /** voiceMinutes: transcribed audio and call time, in whole minutes (seconds rounded up). */
  usage: z.object({ messages: UsageCounter, tasks: UsageCounter, voiceMinutes: UsageCounter }),
  /** A warning text when a limit is near (≥ 90%) or reached; null otherwise. */
  warnings: z.object({
    messageLimit: z.string().nullable(),
    taskLimit: z.string().nullable(),
    voiceLimit: z.string().nullable(),
  }),
  currentMonth: z.object({ resetDate: z.string() }),
});
export type UsageDetails = z.infer<typeof UsageDetails>;

export const UsageDetailsFailure = z.object({ success: z.literal(false), error: z.string() });
/** The usage endpoint answers `success: false` with a reason instead of failing (spec 1 §7 "Usage"). */
export const UsageReply = z.union([UsageDetails, UsageDetailsFailure]);
export type UsageReply = z.infer<typeof UsageReply>;
