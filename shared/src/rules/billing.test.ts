import { describe, expect, it } from 'vitest';
import {
  canConfirmPlanChange,
  checkoutFailureText,
  gatedFeatureOf,
  isCheckoutAuthError,
  monthlyEquivalent,
  planAllows,
  planButtonLabel,
  planChange,
  planChoice,
  yearlySaving,
  type HeldPlan,
} from './billing.ts';

const held = (plan: HeldPlan['plan'], interval: HeldPlan['interval'] = 'monthly'): HeldPlan => ({
  hasSubscription: true,
  plan,
  interval,
});
const none: HeldPlan = { hasSubscription: false, plan: 'free_trial', interval: null };

describe('checkout plan choice (spec 1 §4)', () => {
  it('starts a checkout with no subscription, an unknown plan, or a higher rank', () => {
    expect(planChoice(null, 'starter', 'monthly')).toBe('checkout');
    expect(planChoice(none, 'builder', 'yearly')).toBe('checkout');
    expect(planChoice({ hasSubscription: true, plan: null, interval: null }, 'builder', 'monthly')).toBe('checkout');
    expect(planChoice(held('starter'), 'builder', 'monthly')).toBe('checkout');
  });
  it('opens the downgrade confirmation for a lower rank', () => {
    expect(planChoice(held('scale'), 'builder', 'monthly')).toBe('downgrade');
    expect(planChoice(held('builder', 'yearly'), 'starter', 'yearly')).toBe('downgrade');
  });
  it('checks out the same plan on the other interval, and refuses the same plan and interval', () => {
    expect(planChoice(held('builder', 'monthly'), 'builder', 'yearly')).toBe('checkout');
    expect(planChoice(held('builder', 'yearly'), 'builder', 'yearly')).toBe('already_subscribed');
  });
});

describe('plan button labels', () => {
  it('says Loading... while loading, Get Started without a subscription', () => {
    expect(planButtonLabel(held('builder'), 'builder', 'monthly', true)).toBe('Loading...');
    expect(planButtonLabel(none, 'scale', 'monthly', false)).toBe('Get Started');
    expect(planButtonLabel(null, 'starter', 'monthly', false)).toBe('Get Started');
  });
  it('says Current Plan, Upgrade or Downgrade against the held plan', () => {
    expect(planButtonLabel(held('builder'), 'builder', 'monthly', false)).toBe('Current Plan');
    expect(planButtonLabel(held('builder'), 'scale', 'monthly', false)).toBe('Upgrade');
    expect(planButtonLabel(held('builder'), 'starter', 'monthly', false)).toBe('Downgrade');
    expect(planButtonLabel(held('builder', 'monthly'), 'builder', 'yearly', false)).toBe('Get Started');
  });
});

describe('prices', () => {
  it('saves 12 × monthly − yearly on yearly billing, spread to the cent per month', () => {
    expect(yearlySaving('starter')).toBe(29 * 12 - 278);
    expect(yearlySaving('builder')).toBe(79 * 12 - 758);
    expect(monthlyEquivalent('starter')).toBe(23.17);
    expect(monthlyEquivalent('scale')).toBe(159.17);
  });
});

describe('plan changes (spec 2 §5)', () => {
  it('classifies upgrade, downgrade, interval and same', () => {
    expect(planChange('starter', 'monthly', 'builder', 'monthly')).toBe('upgrade');
    expect(planChange('scale', 'yearly', 'builder', 'yearly')).toBe('downgrade');
    expect(planChange('builder', 'monthly', 'builder', 'yearly')).toBe('interval');
    expect(planChange('builder', 'monthly', 'builder', 'monthly')).toBe('same');
  });
  it('enables Confirm Change only for a selected plan other than the current one', () => {
    expect(canConfirmPlanChange('builder', null)).toBe(false);
    expect(canConfirmPlanChange('builder', 'builder')).toBe(false);
    expect(canConfirmPlanChange('builder', 'scale')).toBe(true);
    expect(canConfirmPlanChange('free_trial', 'starter')).toBe(true);
  });
});

describe('gating (spec 2 §6)', () => {
  it('opens phone and investor outreach from Builder up', () => {
    expect(planAllows('free_trial', 'phone')).toBe(false);
    expect(planAllows('starter', 'investorOutreach')).toBe(false);
    expect(planAllows('builder', 'phone')).toBe(true);
    expect(planAllows('scale', 'investorOutreach')).toBe(true);
  });
  it('finds the feature of an API path by whole segments', () => {
    expect(gatedFeatureOf('/api/sms/status/u1')).toBe('phone');
    expect(gatedFeatureOf('/api/sms')).toBe('phone');
    expect(gatedFeatureOf('/api/smsx')).toBeNull();
    expect(gatedFeatureOf('/api/investor-outreach/u1/investors')).toBe('investorOutreach');
    expect(gatedFeatureOf('/api/agents/investor-outreach/u1/process')).toBe('investorOutreach');
    expect(gatedFeatureOf('/api/agents/status')).toBeNull();
  });
});

describe('checkout failure wording (spec 1 §2)', () => {
  it('defaults to payment_failed and words each known value', () => {
    expect(checkoutFailureText(null).title).toBe('Payment Failed');
    expect(checkoutFailureText('card_declined').title).toBe('Card Declined');
    expect(checkoutFailureText('authentication_required').title).toBe('Authentication Required');
    expect(checkoutFailureText('session_expired').title).toBe('Session Expired');
    expect(checkoutFailureText('weird').message).toContain('(weird)');
  });
  it('sends token and auth errors to /login', () => {
    expect(isCheckoutAuthError('Invalid or expired token')).toBe(true);
    expect(isCheckoutAuthError('Not authenticated')).toBe(true);
    expect(isCheckoutAuthError('Card declined')).toBe(false);
  });
});
