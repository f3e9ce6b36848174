import Router from '@koa/router';
import { contract, type PostingSettings, type PostingSettingsResponse } from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { FeatureRouter } from '../types.ts';
import { postingSettingsOf, savePostingSettings } from './posting-settings.repo.ts';

/** GET and PUT /api/user/posting-settings: whether drafted posts wait for the founder's approval. */
export const postingSettingsRoutes: FeatureRouter = ({ database, now }) => {
  const { db } = database;
  const router = new Router();
  const answer = (settings: PostingSettings): PostingSettingsResponse => ({ success: true, settings });
  router.get('/api/user/posting-settings', async (ctx) => {
    ctx.body = answer(await postingSettingsOf(db, currentUser(ctx).id));
  });
  router.put('/api/user/posting-settings', async (ctx) => {
    const settings = parseInput(contract.updatePostingSettings.body, ctx.request.body);
    await savePostingSettings(db, currentUser(ctx).id, settings, new Date(now()));
    ctx.body = answer(settings);
  });
  return router;
};
