import Router from '@koa/router';
import type { AgentsStatusResponse } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import type { FeatureRouter } from '../types.ts';
import { agentsPaused, setAgentsPaused } from './agent-controls.service.ts';

/** The kill switch: GET /api/agents/status, POST /api/agents/stop and /resume (rules in agent-controls.service). */
export const agentControlsRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();
  const answer = (paused: boolean): AgentsStatusResponse => ({ success: true, paused });
  router.get('/api/agents/status', async (ctx) => {
    ctx.body = answer(await agentsPaused(db, currentUser(ctx).id));
  });
  router.post('/api/agents/stop', async (ctx) => {
    ctx.body = answer(await setAgentsPaused(db, currentUser(ctx).id, true, new Date(now())));
  });
  router.post('/api/agents/resume', async (ctx) => {
    ctx.body = answer(await setAgentsPaused(db, currentUser(ctx).id, false, new Date(now())));
  });
  return router;
};
