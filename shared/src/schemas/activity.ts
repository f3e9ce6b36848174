import { z } from 'zod';
import { ProducedBy } from './provenance.ts';

export const ACTIVITY_PLATFORMS = ['twitter', 'reddit', 'linkedin', 'hackernews', 'instagram', 'cofounder'] as const;

/** An activity entry (spec 2 §3): what an agent did, why, and what it expects. */
export const Activity = z.object({
  id: z.string(),
  platform: z.enum(ACTIVITY_PLATFORMS),
  platformIcon: z.enum(ACTIVITY_PLATFORMS),
  timestamp: z.string(),
  title: z.string(),
  content: z.string(),
  subreddit: z.string().nullable(),
  link: z.string().nullable(),
  reasoning: z.string().nullable(),
  outcome: z.string().nullable(),
  taskId: z.string().nullable(),
  /** The model behind an agent's activity, or 'offline'; null when no AI wrote it (a publish record). */
  producedBy: ProducedBy,
});
export type Activity = z.infer<typeof Activity>;

/** GET /api/activities/{userId}?limit=&page=: newest first. */
export const ActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).default(1),
});

/** Activities plus stats {total, this_week, platforms {twitter, reddit}} (spec 1 §3). */
export const ActivityResponse = z.object({
  success: z.literal(true),
  activities: z.array(Activity),
  stats: z.object({
    total: z.number().int(),
    this_week: z.number().int(),
    /** Posts published on each platform (drafts and failures are not counted). */
    platforms: z.object({ twitter: z.number().int(), reddit: z.number().int() }),
  }),
  hasMore: z.boolean(),
});
export type ActivityResponse = z.infer<typeof ActivityResponse>;
