import {
  ChangePlanBody,
  ChangePlanResponse,
  CreateCheckoutBody,
  CreateCheckoutResponse,
  DowngradeBody,
  DowngradeResponse,
  InvoicesQuery,
  InvoicesResponse,
  LocalCheckoutDecision,
  LocalCheckoutResult,
  LocalCheckoutSession,
  PortalResponse,
  PricingResponse,
  StripeWebhookResponse,
  SubscriptionActionResponse,
  SubscriptionStatusResponse,
  ValidateSessionBody,
  ValidateSessionResponse,
} from '../../schemas/billing.ts';
import type { Endpoints } from './define.ts';

/** Billing at /api/stripe/* (spec 1 §7 "Billing", spec 2 §7); the local checkout answers the same calls. */
export const billingEndpoints = {
  pricing: { method: 'GET', path: '/api/stripe/pricing', auth: 'public', response: PricingResponse },
  subscriptionStatus: {
    method: 'GET',
    path: '/api/stripe/subscription-status',
    auth: 'bearer',
    response: SubscriptionStatusResponse,
  },
  createCheckoutSession: {
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    auth: 'bearer',
    body: CreateCheckoutBody,
    response: CreateCheckoutResponse,
  },
  validateSession: {
    method: 'POST',
    path: '/api/stripe/validate-session',
    auth: 'bearer',
    body: ValidateSessionBody,
    response: ValidateSessionResponse,
  },
  downgradeSubscription: {
    method: 'POST',
    path: '/api/stripe/downgrade-subscription',
    auth: 'bearer',
    body: DowngradeBody,
    response: DowngradeResponse,
  },
  changePlan: {
    method: 'POST',
    path: '/api/stripe/change-plan',
    auth: 'bearer',
    body: ChangePlanBody,
    response: ChangePlanResponse,
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/stripe/cancel-subscription',
    auth: 'bearer',
    response: SubscriptionActionResponse,
  },
  reactivateSubscription: {
    method: 'POST',
    path: '/api/stripe/reactivate-subscription',
    auth: 'bearer',
    response: SubscriptionActionResponse,
  },
  createPortalSession: {
    method: 'POST',
    path: '/api/stripe/create-portal-session',
    auth: 'bearer',
    response: PortalResponse,
  },
  invoices: {
    method: 'GET',
    path: '/api/stripe/invoices',
    auth: 'bearer',
    query: InvoicesQuery,
    response: InvoicesResponse,
  },

  // The local checkout's API (this machine only, issue 20).
  localCheckout: {
    method: 'GET',
    path: '/api/stripe/local-checkout/:sessionId',
    auth: 'bearer',
    response: LocalCheckoutSession,
  },
  decideLocalCheckout: {
    method: 'POST',
    path: '/api/stripe/local-checkout/:sessionId',
    auth: 'bearer',
    body: LocalCheckoutDecision,
    response: LocalCheckoutResult,
  },

  /** Stripe's events: the raw JSON body is verified against stripe-signature before anything is read. */
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    auth: 'public',
    response: StripeWebhookResponse,
  },
} as const satisfies Endpoints;
