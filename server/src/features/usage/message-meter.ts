import type { Context, Middleware } from 'koa';
import { currentUser } from '../../http/auth.ts';
import type { UsageService } from './usage.service.ts';

/**
 * Route middleware for a request the co-founder's model answers outside the chat (an onboarding interview turn,
 * Generate tasks): it counts as one of the month's messages, as a chat message does, so the usage panel and the
 * plan's monthly limit see it. In the chat's order: 402 after the trial and 429 with the monthly text first, then
 * the per-minute `budget`, then the count itself (atomic, so concurrent requests never pass the limit). The count is
 * given back when the request fails or `answered` says no model wrote its answer, as a failed chat reply's is.
 */
export function meterAsMessage(
  usage: UsageService,
  budget: Middleware,
  answered: (ctx: Context) => boolean = () => true,
): Middleware {
  return async (ctx, next) => {
    const quota = await usage.messageQuota(currentUser(ctx).id);
    if (quota.trialExpired) throw usage.trialEnded();
    if (quota.usedUp) throw usage.limitReached();
    await budget(ctx, async () => {
      if (!(await usage.countMessage(quota))) throw usage.limitReached();
      let kept = false;
      try {
        await next();
        kept = answered(ctx);
      } finally {
        if (!kept) await usage.refundMessage(quota);
      }
    });
  };
}
