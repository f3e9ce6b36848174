import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('billing config', () => {
  it('is local without a Stripe key', () => {
    expect(loadConfig({}).stripe).toBeNull();
  });

  it('reads the key, webhook secret, API base and the configured price ids', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4242/',
      STRIPE_PRICE_STARTER_MONTHLY: 'price_s_m',
      STRIPE_PRICE_SCALE_YEARLY: 'price_sc_y',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_abc',
      apiBase: { host: '127.0.0.1', port: 4242, protocol: 'http' },
      prices: { starter_monthly: 'price_s_m', scale_yearly: 'price_sc_y' },
    });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_API_BASE_URL: 'https://stripe.internal' }).stripe!.apiBase).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it('names a bad variable without echoing a secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_secret', STRIPE_API_BASE_URL: 'ftp://x' })).toThrow(/STRIPE_API_BASE_URL/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_secret', STRIPE_API_BASE_URL: 'ftp://x' })).not.toThrow(/sk_test_secret/);
  });
});
