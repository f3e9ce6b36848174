import Router from '@koa/router';
import { contract, type InternSettingsResponse } from '@cofounder/shared';
import { ownParam } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { savedSettingsOf, saveSettings } from './intern-settings.repo.ts';

/**
 * GET /api/users/{userId}/intern-settings and POST with `{settings}` (spec 2 §7). GET answers 404 until
 * settings are saved: the chat then shows its own default name "Your AI Intern" (spec 1 §2, "404 tolerated"),
 * while the settings screen starts from the spec 2 §3 defaults.
 */
export const internSettingsRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();
  router.get('/api/users/:userId/intern-settings', ownParam('userId'), async (ctx) => {
    const settings = await savedSettingsOf(db, ctx.params.userId!);
    if (!settings) throw new AppError('not_found', 'No intern settings saved yet');
    const body: InternSettingsResponse = { success: true, settings };
    ctx.body = body;
  });
  router.post('/api/users/:userId/intern-settings', ownParam('userId'), async (ctx) => {
    const { settings } = parseInput(contract.saveInternSettings.body, ctx.request.body);
    await saveSettings(db, ctx.params.userId!, settings, new Date(now()));
    const body: InternSettingsResponse = { success: true, settings };
    ctx.body = body;
  });
  return router;
};
