import Router from '@koa/router';
import { ActivityQuery, type ActivityResponse } from '@cofounder/shared';
import { ownParam } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { activityPage, activityStats, toActivity } from './activities.repo.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** GET /api/activities/{userId}?limit=&page=: newest first, with stats (spec 1 §3 "Social stats"). */
export const activitiesRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();
  router.get('/api/activities/:userId', ownParam('userId'), async (ctx) => {
    const userId = ctx.params.userId!;
    const { limit, page } = parseInput(ActivityQuery, ctx.query);
    // Independent reads, sent together: one round trip's wait on Postgres.
    const [{ rows, hasMore }, stats] = await Promise.all([
      activityPage(db, userId, limit, page),
      activityStats(db, userId, new Date(now() - WEEK_MS)),
    ]);
    const body: ActivityResponse = { success: true, activities: rows.map(toActivity), stats, hasMore };
    ctx.body = body;
  });
  return router;
};
