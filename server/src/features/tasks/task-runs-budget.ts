import { RATE_LIMITS } from '@cofounder/shared';
import type { Context } from 'koa';
import { takePerUser, type RateLimits } from '../../http/rate-limits.ts';

/**
 * How many of `wanted` task runs the founder may start by hand now (RATE_LIMITS.taskRuns: a task set back to pending,
 * each task Retry failed sends, an investor research task processed); 429 when none is left. The co-founder runs a
 * task on the model, often several calls a run, so this bounds what one founder's requests make the engine spend.
 */
export const takeTaskRuns = (ctx: Context, limits: RateLimits, wanted: number): Promise<number> =>
  takePerUser(ctx, limits, 'task-runs', RATE_LIMITS.taskRuns, wanted, RATE_LIMITS.texts.taskRuns);
