// @vitest-environment node
// The server runs this render under plain Node: no window, no document, no localStorage (issue 26). The build
// renders with Preact (vite.config.ts's landing mode); the components are the same under React here.
import { describe, expect, it } from 'vitest';
import { ISLAND_PATHS, PLANS, type PricingResponse } from '@cofounder/shared';
import { ROUTE_META } from '../features/meta/route-meta.ts';
import { TEST_CONFIG } from '../test/render.tsx';
import { renderIsland } from './render.tsx';

const ORIGIN = 'https://cofounder.example';

/** GET /api/stripe/pricing's answer with price ids of a real Stripe account. */
const PRICING: PricingResponse = {
  success: true,
  pricing: {
    starter: { name: 'Starter', monthly: { priceId: 'price_s_m', displayPrice: '$29' }, yearly: { priceId: 'price_s_y', displayPrice: '$290', monthlyEquivalent: '$24' } },
    builder: { name: 'Builder', monthly: { priceId: 'price_b_m', displayPrice: '$79' }, yearly: { priceId: 'price_b_y', displayPrice: '$790', monthlyEquivalent: '$66' } },
    scale: { name: 'Scale', monthly: { priceId: 'price_c_m', displayPrice: '$199' }, yearly: { priceId: 'price_c_y', displayPrice: '$1,990', monthlyEquivalent: '$166' } },
  },
};

const PAGE = {
  '/pricing': { h1: 'Pricing', meta: ROUTE_META.pricing, data: { pricing: PRICING } },
  '/contact': { h1: 'Contact Us', meta: ROUTE_META.contact, data: {} },
  '/login': { h1: 'Welcome Back', meta: ROUTE_META.login, data: {} },
} as const;

describe('the server render of the island pages', () => {
  it.each(ISLAND_PATHS)('%s renders its page in its frame, signed out, with its own head tags', (path) => {
    const { head, body } = renderIsland(path, { config: TEST_CONFIG, data: PAGE[path].data, origin: ORIGIN });
    expect(body).toMatch(new RegExp(`<h1[^>]*>${PAGE[path].h1}</h1>`));
    expect(body).toMatch(/<a [^>]*href="#main"[^>]*>Skip to content<\/a>/);
    expect(body).toMatch(/<main id="main"/);
    expect(body).toMatch(/<footer/);
    // Signed out: no loading state, and the page offers signing in (the header's link, or the form itself).
    expect(body).not.toContain('role="progressbar"');
    expect(body).toMatch(path === '/login' ? />Sign In<\/button>/ : /href="\/login"/);
    expect(head).toContain(`<title>${PAGE[path].meta.title}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}${path}" />`);
    expect(head).toContain(`<meta property="og:image" content="${ORIGIN}/og-image.png" />`);
  });

  it('/pricing shows the four plans with their prices, and the local checkout notice only in local mode', () => {
    const local = renderIsland('/pricing', { config: TEST_CONFIG, data: { pricing: PRICING }, origin: ORIGIN }).body;
    expect(local).toMatch(/<h1[^>]*>Pricing<\/h1>/);
    for (const plan of Object.values(PLANS)) expect(local).toContain(`>${plan.name}</h3>`);
    expect(local).toContain('Billing runs in local mode');
    // No plan is loading: the prices came with the page.
    expect(local).not.toContain('Loading...');
    const real = renderIsland('/pricing', {
      config: { ...TEST_CONFIG, modes: { ...TEST_CONFIG.modes, billing: 'real' } },
      data: { pricing: PRICING },
      origin: ORIGIN,
    }).body;
    expect(real).not.toContain('Billing runs in local mode');
  });

  it('/contact and /login render their forms inert: text typed before Preact owns a field would be lost', () => {
    for (const path of ['/contact', '/login'] as const) {
      const { body } = renderIsland(path, { config: TEST_CONFIG, data: {}, origin: ORIGIN });
      expect(body, path).toMatch(/<form[^>]*inert=""/);
    }
    const login = renderIsland('/login', { config: TEST_CONFIG, data: {}, origin: ORIGIN }).body;
    expect(login).toMatch(/<input[^>]*type="email"/);
    expect(login).toMatch(/<input[^>]*type="password"/);
  });

  it('/login says what the config says: the dev mailbox note only when email is local', () => {
    const local = renderIsland('/login', { config: TEST_CONFIG, data: {}, origin: ORIGIN }).body;
    expect(local).toContain('Local mode: emails go to the dev mailbox.');
    const real = renderIsland('/login', {
      config: { ...TEST_CONFIG, modes: { ...TEST_CONFIG.modes, email: 'real' } },
      data: {},
      origin: ORIGIN,
    }).body;
    expect(real).not.toContain('dev mailbox');
  });

  it('the landing page renders from the same bundle, with its head tags', async () => {
    const { renderLanding, landingHead } = await import('./render.tsx');
    expect(renderLanding()).toMatch(/<h1/);
    expect(landingHead(ORIGIN)).toContain(`<title>${ROUTE_META.landing.title}</title>`);
    expect(landingHead(ORIGIN)).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
  });
});
