import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BILLING, STORAGE_KEYS, type SubscriptionStatusResponse } from '@cofounder/shared';
import { KEEP_FEATURES_TEXT } from '../../features/billing/DowngradeDialog.tsx';
import { browser } from '../../features/billing/use-plan-selection.ts';
import { PRICING, TRIAL_STATUS, paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { STATIC_PRICING_TEXT } from './PricingPage.tsx';

afterEach(() => vi.restoreAllMocks());

function server(status: SubscriptionStatusResponse | null, routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /api/stripe/pricing': () => Response.json(PRICING),
    'GET /api/stripe/subscription-status': () =>
      status
        ? Response.json(status)
        : Response.json({ error: { code: 'unauthorized', message: 'Not signed in' } }, { status: 401 }),
    ...routes,
  });
}

async function openPricing(fetch: typeof globalThis.fetch, signedIn = true) {
  const view = renderApp('/pricing', { fetch, auth: createFakeAuth(signedIn ? fakeSession() : null) });
  await screen.findByRole('button', { name: /: Scale$/ });
  // The buttons read "Loading..." until prices (and the plan, when signed in) are known.
  await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Loading\.\.\./ })).toHaveLength(0));
  return view;
}

const planButton = (plan: string) => screen.getByRole('button', { name: new RegExp(`: ${plan}$`) });
const label = (plan: string) => planButton(plan).textContent;
const card = (plan: string) => screen.getByRole('article', { name: plan });
const posts = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('/pricing', () => {
  it('shows the four plans with monthly prices and the yearly saving, and annual prices after the toggle', async () => {
    const { user } = await openPricing(server(null), false);
    expect(screen.getByRole('heading', { name: 'Free Trial' })).toBeTruthy();
    expect(within(card('Free Trial')).getByText('$0')).toBeTruthy();
    expect(within(card('Free Trial')).getByText('for 2 days')).toBeTruthy();
    expect(within(card('Scale')).getByText('Best Value')).toBeTruthy();
    expect(within(card('Starter')).getByText('$29')).toBeTruthy();
    expect(within(card('Starter')).getByText('Switch to yearly to save $70')).toBeTruthy();
    expect(within(card('Builder')).getByText('Switch to yearly to save $190')).toBeTruthy();
    expect(within(card('Scale')).getByText('Switch to yearly to save $478')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to yearly to save $190 on Builder' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(within(card('Starter')).getByText('$278')).toBeTruthy();
    expect(within(card('Starter')).getByText('/year')).toBeTruthy();
    expect(within(card('Starter')).getByText('$23.17/month, billed yearly')).toBeTruthy();
    expect(within(card('Scale')).getByText('$1,910')).toBeTruthy();
    expect(screen.queryByText(/Switch to yearly to save/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card('Builder')).getByText('$79')).toBeTruthy();
  });

  it('shows the comparison table, six logos and says plainly that local billing charges no card', async () => {
    await openPricing(server(null), false);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Messages per month' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Investor Outreach' })).toBeTruthy();
    expect(within(table).getAllByText('Unlimited')).toHaveLength(3);
    expect(within(screen.getByTestId('logo-carousel')).getAllByRole('img')).toHaveLength(6);
    expect(screen.getByText(/no card is charged/)).toBeTruthy();
  });

  it('never skips a heading level: h1 Pricing, then the plans under an h2', async () => {
    await openPricing(server(null), false);
    const main = screen.getByRole('heading', { level: 1, name: 'Pricing' }).closest('main') ?? document.body;
    const levels = within(main)
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    levels.reduce((previous, level) => {
      expect(level, `h${previous} is followed by h${level}`).toBeLessThanOrEqual(previous + 1);
      return level;
    }, 0);
    expect(screen.getByRole('heading', { level: 2, name: 'Plans' })).toBeTruthy();
  });

  it('labels the buttons Get Started for visitors and by the plan held when signed in', async () => {
    const anonymous = await openPricing(server(null), false);
    expect(['Starter', 'Builder', 'Scale'].map(label)).toEqual(['Get Started', 'Get Started', 'Get Started']);
    anonymous.unmount();

    const { user } = await openPricing(server(paidStatus('builder')));
    expect(['Starter', 'Builder', 'Scale'].map(label)).toEqual(['Downgrade', 'Current Plan', 'Upgrade']);
    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    // The same plan on the other interval is a new checkout.
    expect(label('Builder')).toBe('Get Started');
  });

  it('reads Loading... while the plan held is being read', async () => {
    const fetch = server(null, {
      'GET /api/stripe/subscription-status': () => new Promise<Response>(() => {}),
    });
    renderApp('/pricing', { fetch, auth: createFakeAuth(fakeSession()) });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Loading\.\.\./ })).toHaveLength(3));
    expect(planButton('Starter').hasAttribute('disabled')).toBe(true);
  });

  it('starts a checkout for the chosen plan and interval and goes to its url', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetch = server(TRIAL_STATUS, {
      'POST /api/stripe/create-checkout-session': () =>
        Response.json({
          success: true,
          url: 'http://test.invalid/dev/checkout?session_id=cs_1',
          sessionId: 'cs_1',
        }),
    });
    const { user } = await openPricing(fetch);
    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    await user.click(planButton('Builder'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://test.invalid/dev/checkout?session_id=cs_1'),
    );
    expect(posts(fetch, '/api/stripe/create-checkout-session')).toEqual([
      {
        planName: 'builder',
        interval: 'yearly',
        priceId: 'local_builder_yearly',
        successUrl: `${window.location.origin}/subscription/success`,
        cancelUrl: `${window.location.origin}/subscription/failed`,
      },
    ]);
    // Until the browser leaves, the chosen card stays busy.
    expect(label('Builder')).toBe('Loading...');
  });

  it('confirms a downgrade in the modal and shows "Subscription Updated" with the effective date', async () => {
    const fetch = server(paidStatus('scale'), {
      'POST /api/stripe/downgrade-subscription': () =>
        Response.json({
          success: true,
          message: 'Downgrade scheduled',
          effectiveDate: '2025-04-01T00:00:00.000Z',
        }),
    });
    const { user } = await openPricing(fetch);
    await user.click(planButton('Builder'));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Builder?' });
    expect(within(dialog).getByText(new RegExp(KEEP_FEATURES_TEXT.replace('.', '\\.')))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Downgrade' }));
    const done = await screen.findByRole('dialog', { name: 'Subscription Updated' });
    expect(within(done).getByText('Your plan changes to Builder (monthly) on April 1, 2025.')).toBeTruthy();
    expect(within(done).getByText(KEEP_FEATURES_TEXT)).toBeTruthy();
    expect(posts(fetch, '/api/stripe/downgrade-subscription')).toEqual([
      { targetPlan: 'builder', targetInterval: 'monthly' },
    ]);
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a downgrade failure inside the modal, which stays open', async () => {
    const fetch = server(paidStatus('builder'), {
      'POST /api/stripe/downgrade-subscription': () =>
        Response.json(
          { error: { code: 'conflict', message: 'A change is already scheduled' } },
          { status: 409 },
        ),
    });
    const { user } = await openPricing(fetch);
    await user.click(planButton('Starter'));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Starter?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Downgrade' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A change is already scheduled');
    expect(within(dialog).getByRole('button', { name: 'Confirm Downgrade' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('says the user is already subscribed when the current plan and interval are chosen again', async () => {
    const fetch = server(paidStatus('builder'));
    const { user } = await openPricing(fetch);
    await user.click(planButton('Builder'));
    expect((await screen.findByRole('alert')).textContent).toContain(BILLING.alreadySubscribedText);
    expect(posts(fetch, '/api/stripe/create-checkout-session')).toEqual([]);
  });

  it('falls back to the static prices with a warning when pricing fails', async () => {
    const fetch = server(null, {
      'GET /api/stripe/pricing': () =>
        Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }),
    });
    await openPricing(fetch, false);
    expect(screen.getByRole('alert').textContent).toContain(STATIC_PRICING_TEXT);
    expect(within(card('Starter')).getByText('$29')).toBeTruthy();
    expect(within(card('Scale')).getByText('$199')).toBeTruthy();
  });

  it('sends visitors who choose a plan to /login and remembers /pricing for afterwards', async () => {
    const { user, router } = await openPricing(server(null), false);
    await user.click(planButton('Starter'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/pricing');
  });

  it('sends checkout auth errors to /login and shows other checkout errors', async () => {
    let answer: Response = Response.json(
      { error: { code: 'bad_request', message: 'Billing is not available' } },
      { status: 400 },
    );
    const fetch = server(TRIAL_STATUS, { 'POST /api/stripe/create-checkout-session': () => answer });
    const { user, router } = await openPricing(fetch);
    await user.click(planButton('Starter'));
    expect((await screen.findByRole('alert')).textContent).toContain('Billing is not available');
    expect(router.state.location.pathname).toBe('/pricing');

    answer = Response.json(
      { error: { code: 'unauthorized', message: 'Invalid or expired token' } },
      { status: 401 },
    );
    await user.click(planButton('Starter'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends the Free Trial card to /register, or to the dashboard when signed in', async () => {
    const anonymous = await openPricing(server(null), false);
    expect(within(card('Free Trial')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/register',
    );
    anonymous.unmount();
    await openPricing(server(TRIAL_STATUS));
    expect(within(card('Free Trial')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});
