import Router from '@koa/router';
import {
  BILLING,
  ChangePlanBody,
  CreateCheckoutBody,
  DowngradeBody,
  InvoicesQuery,
  LocalCheckoutDecision,
  ValidateSessionBody,
  type StripeWebhookResponse,
} from '@cofounder/shared';
import { currentUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { WebhookSignatureError } from '../../providers/billing/port.ts';
import type { FeatureRouter } from '../types.ts';
import type { BillingService } from './billing.service.ts';

/** The public billing routes (no bearer): the allow-list in features/index.ts names them. */
export const BILLING_PUBLIC_ROUTES = ['GET /api/stripe/pricing', 'POST /api/stripe/webhook'];
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/** The local checkout's API (issue 20: this machine only). */
export const BILLING_LOCAL_ONLY_PATH = /^\/api\/stripe\/local-checkout(\/|$)/;

/** The checkout body with an unknown plan answered in the pricing page's words (spec 1 §8). */
function checkoutInput(body: unknown) {
  const parsed = CreateCheckoutBody.safeParse(body ?? {});
  if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'planName')) {
    throw new AppError('validation_failed', BILLING.invalidPlanText, 'planName');
  }
  return parseInput(CreateCheckoutBody, body ?? {});
}

/** Billing at /api/stripe/* (spec 1 §7 "Billing", spec 2 §7 "Settings and subscription"); one service per app. */
export function billingRouter(billing: BillingService): Router {
  const router = new Router({ prefix: '/api/stripe' });

  router.get('/pricing', (ctx) => {
    ctx.body = billing.pricing();
  });

  router.get('/subscription-status', async (ctx) => {
    ctx.body = await billing.status(currentUser(ctx).id);
  });

  router.post('/create-checkout-session', async (ctx) => {
    // priceId, successUrl and cancelUrl are ignored: the server picks the price and its own return addresses.
    const input = checkoutInput(ctx.request.body);
    const user = currentUser(ctx);
    ctx.body = await billing.checkout({ id: user.id, email: user.email }, input.planName, input.interval);
  });

  router.post('/validate-session', async (ctx) => {
    const { sessionId } = parseInput(ValidateSessionBody, ctx.request.body);
    ctx.body = await billing.validateSession(currentUser(ctx).id, sessionId);
  });

  router.post('/downgrade-subscription', async (ctx) => {
    const input = parseInput(DowngradeBody, ctx.request.body);
    ctx.body = await billing.downgrade(currentUser(ctx).id, input.targetPlan, input.targetInterval);
  });

  router.post('/change-plan', async (ctx) => {
    const input = parseInput(ChangePlanBody, ctx.request.body);
    ctx.body = await billing.changePlan(currentUser(ctx).id, input.planName, input.interval);
  });

  router.post('/cancel-subscription', async (ctx) => {
    ctx.body = await billing.cancel(currentUser(ctx).id);
  });

  router.post('/reactivate-subscription', async (ctx) => {
    ctx.body = await billing.reactivate(currentUser(ctx).id);
  });

  router.post('/create-portal-session', async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = await billing.portal({ id: user.id, email: user.email });
  });

  router.get('/invoices', async (ctx) => {
    const { limit } = parseInput(InvoicesQuery, ctx.query);
    ctx.body = await billing.invoices(currentUser(ctx).id, limit);
  });

  router.get('/local-checkout/:sessionId', async (ctx) => {
    ctx.body = await billing.localSession(currentUser(ctx).id, ctx.params.sessionId!);
  });

  router.post('/local-checkout/:sessionId', async (ctx) => {
    const user = currentUser(ctx);
    if (billing.provider.kind !== 'local') throw new AppError('not_found', 'Not found');
    const decision = parseInput(LocalCheckoutDecision, ctx.request.body);
    ctx.body = await billing.decideLocal({ id: user.id, email: user.email }, ctx.params.sessionId!, decision);
  });

  // Stripe's webhooks: verified on the exact body text jsonBody kept; nothing is read before the signature holds.
  router.post('/webhook', async (ctx) => {
    const provider = billing.provider;
    if (provider.kind !== 'stripe') throw new AppError('not_found', 'Not found');
    const raw = ctx.request.rawBody;
    if (raw === undefined) throw new AppError('bad_request', 'Webhook body must be JSON');
    let event;
    try {
      event = await provider.parseWebhook(raw, ctx.get('stripe-signature') || undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new AppError('bad_request', err.message);
      throw err;
    }
    const outcome = event ? await billing.apply(event) : { result: 'ignored' as const };
    ctx.body = { received: true, result: outcome.result } satisfies StripeWebhookResponse;
  });

  return router;
}

/** Billing at /api/stripe/* with the app's one billing service. */
export const billingRoutes: FeatureRouter = ({ billing }) => billingRouter(billing);
