import Router from '@koa/router';
import { contract, type InternSettingsResponse } from '@cofounder/shared';
import { ownParam } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { saveSettings } from './intern-settings.repo.ts';
import { settingsReplyOf } from './intern-settings.service.ts';

/**
 * GET /api/users/{userId}/intern-settings and POST with `{settings}` (spec 2 §7). Until settings are saved GET
 * answers the defaults rather than spec 2's tolerated 404: a browser logs every 404 as a
 * console error, on every dashboard page (issue 25).
 */
export const internSettingsRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();
  router.get('/api/users/:userId/intern-settings', ownParam('userId'), async (ctx) => {
    ctx.body = await settingsReplyOf(db, ctx.params.userId!);
  });
  router.post('/api/users/:userId/intern-settings', ownParam('userId'), async (ctx) => {
    const { settings } = parseInput(contract.saveInternSettings.body, ctx.request.body);
    await saveSettings(db, ctx.params.userId!, settings, new Date(now()));
    const body: InternSettingsResponse = { success: true, settings };
    ctx.body = body;
  });
  return router;
};
