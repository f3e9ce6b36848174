import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BILLING, createApi, type Invoice, type PublicConfig } from '@cofounder/shared';
import { AppProviders } from '../../app/AppProviders.tsx';
import { configKeys } from '../../data/config/keys.ts';
import { PRICING, paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { TEST_CONFIG } from '../../test/render.tsx';
import { LOCAL_PORTAL_TEXT, LocalBillingPortal } from './LocalBillingPortal.tsx';

// Issue 25, web 9: Manage Billing without a Stripe key opens a local portal that says what it is.
const INVOICE: Invoice = {
  id: 'lin_1',
  date: '2025-03-01T00:00:00.000Z',
  amount: 7900,
  currency: 'usd',
  status: 'paid',
  description: 'Builder plan (monthly)',
  url: null,
};

function openPortal(config: Partial<PublicConfig> = {}) {
  const fetch = createFakeServer({
    'GET /api/stripe/pricing': () => Response.json(PRICING),
    'GET /api/stripe/subscription-status': () => Response.json(paidStatus('builder')),
    'GET /api/stripe/invoices': () => Response.json({ success: true, invoices: [INVOICE], hasMore: false }),
    'POST /api/stripe/cancel-subscription': () =>
      Response.json({ success: true, message: 'Subscription will cancel at end of period', effectiveDate: null }),
  });
  const auth = createFakeAuth(fakeSession());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configKeys.public(), { ...TEST_CONFIG, ...config });
  const api = createApi({
    baseUrl: 'http://test.invalid',
    getToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
    fetch,
  });
  const router = createMemoryRouter(
    [
      { path: BILLING.localPortalPath, element: <LocalBillingPortal /> },
      { path: '/dashboard/settings', element: <p>Settings</p> },
    ],
    { initialEntries: [BILLING.localPortalPath] },
  );
  render(
    <AppProviders services={{ queryClient, api, auth }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('the local billing portal', () => {
  it('says it is local and shows the plan and its invoices, without a Manage Billing loop', async () => {
    openPortal();
    expect(await screen.findByRole('heading', { name: BILLING.localPortalTitle })).toBeTruthy();
    expect(screen.getByText(BILLING.localPortalNotice)).toBeTruthy();
    expect(await screen.findByText('Builder plan (monthly)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).toBeNull();
    expect(screen.getByRole('link', { name: LOCAL_PORTAL_TEXT.back }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=subscription',
    );
  });

  it('cancels through the same API as Settings', async () => {
    const { fetch, user } = openPortal();
    await user.click(await screen.findByRole('button', { name: 'Cancel Plan' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel Plan') as HTMLButtonElement,
    );
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/stripe/cancel-subscription'))).toBe(
        true,
      ),
    );
  });

  it('points to Stripe when the server bills through Stripe', async () => {
    openPortal({ modes: { ...TEST_CONFIG.modes, billing: 'real' } });
    expect(await screen.findByText(LOCAL_PORTAL_TEXT.stripeMode)).toBeTruthy();
    expect(screen.queryByText(BILLING.localPortalNotice)).toBeNull();
  });
});
