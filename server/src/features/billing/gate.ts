import type { Middleware } from 'koa';
import { GATED_FEATURES, PLANS, gatedFeatureOf, planAllows, type UpgradeRequiredBody } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/auth.ts';
import { SMS_WEBHOOK_PATH } from '../sms/sms.routes.ts';
import { planState } from '../usage/usage.service.ts';

/**
 * Plan gating (spec 2 §6): a request to a gated feature's API from a plan that does not open it answers 403 with
 * what to upgrade to. Runs after the bearer check (an anonymous call is 401 first) and before every router.
 */
export function planGate(db: Db, now: () => number): Middleware {
  return async (ctx, next) => {
    // Twilio's webhook has no signed-in caller: it checks Twilio's signature and the founder's plan itself.
    const exempt = ctx.method === 'OPTIONS' || ctx.path === SMS_WEBHOOK_PATH || ctx.path === `${SMS_WEBHOOK_PATH}/`;
    const feature = exempt ? null : gatedFeatureOf(ctx.path);
    if (!feature) return next();
    const { plan } = await planState(db, currentUser(ctx).id, new Date(now()));
    if (planAllows(plan, feature)) return next();
    const required = GATED_FEATURES[feature].requiredPlan;
    const body: UpgradeRequiredBody = {
      error: { code: 'forbidden', message: `Upgrade to ${PLANS[required].name} to access this feature` },
      upgradeRequired: true,
      plan: required,
      planName: PLANS[required].name,
    };
    ctx.status = 403;
    ctx.body = body;
  };
}
