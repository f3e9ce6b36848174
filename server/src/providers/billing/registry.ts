import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLocalBilling, type LocalBillingProvider } from './local.ts';
import { createStripeBilling, type StripeBillingProvider } from './stripe.ts';

export type AnyBillingProvider = StripeBillingProvider | LocalBillingProvider;

/** Stripe when STRIPE_SECRET_KEY is set, else the local checkout. */
export function createBillingProvider(config: Config, db: Db, now: () => number): AnyBillingProvider {
  return config.stripe ? createStripeBilling(config.stripe, config.publicUrl) : createLocalBilling(db, now);
}
