import Router from '@koa/router';
import type { AgentsStatusResponse } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentControls } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import type { FeatureRouter } from '../types.ts';

async function isPaused(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ paused: agentControls.paused })
    .from(agentControls)
    .where(eq(agentControls.userId, userId));
  return row?.paused ?? false;
}

async function setPaused(db: Db, userId: string, paused: boolean, at: Date): Promise<void> {
  await db
    .insert(agentControls)
    .values({ userId, paused, updatedAt: at })
    .onConflictDoUpdate({ target: agentControls.userId, set: { paused, updatedAt: at } });
}

/**
 * The kill switch: GET /api/agents/status, POST /api/agents/stop and /resume. Stopping takes effect at once for
 * every task not yet started (workers check the flag when they take a task and try again later); a task already
 * running finishes its current step.
 */
export const agentControlsRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();
  const answer = (paused: boolean): AgentsStatusResponse => ({ success: true, paused });
  router.get('/api/agents/status', async (ctx) => {
    ctx.body = answer(await isPaused(db, currentUser(ctx).id));
  });
  router.post('/api/agents/stop', async (ctx) => {
    await setPaused(db, currentUser(ctx).id, true, new Date(now()));
    ctx.body = answer(true);
  });
  router.post('/api/agents/resume', async (ctx) => {
    await setPaused(db, currentUser(ctx).id, false, new Date(now()));
    ctx.body = answer(false);
  });
  return router;
};
