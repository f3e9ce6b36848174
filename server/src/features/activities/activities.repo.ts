import { desc, eq, gte, sql } from 'drizzle-orm';
import { ACTIVITY_OUTCOMES, type Activity } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { activities, type ActivityRow } from '../../db/schema.ts';

export const toActivity = (a: ActivityRow): Activity => ({
  id: a.id,
  platform: a.platform,
  platformIcon: a.platform,
  timestamp: a.createdAt.toISOString(),
  title: a.title,
  content: a.content,
  subreddit: a.subreddit,
  link: a.link,
  reasoning: a.reasoning,
  outcome: a.outcome,
  taskId: a.taskId,
  producedBy: a.producedBy,
});

/** A page of the newest activities; one extra row tells whether another page exists. */
export async function activityPage(
  db: Db,
  userId: string,
  limit: number,
  page: number,
): Promise<{ rows: ActivityRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Total, since `since`, and per social platform, in one pass over the user's activities. */
export async function activityStats(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      week: sql<number>`(count(*) filter (where ${gte(activities.createdAt, since)}))::int`,
      // Platform Activity counts posts that went out, not drafts or failures.
      twitter: sql<number>`(count(*) filter (where ${activities.platform} = 'twitter' and ${activities.outcome} = ${ACTIVITY_OUTCOMES.published}))::int`,
      reddit: sql<number>`(count(*) filter (where ${activities.platform} = 'reddit' and ${activities.outcome} = ${ACTIVITY_OUTCOMES.published}))::int`,
    })
    .from(activities)
    .where(eq(activities.userId, userId));
  return {
    total: Number(row?.total ?? 0),
    this_week: Number(row?.week ?? 0),
    platforms: { twitter: Number(row?.twitter ?? 0), reddit: Number(row?.reddit ?? 0) },
  };
}
