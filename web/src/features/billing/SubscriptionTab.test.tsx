import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { BILLING, type Invoice, type SubscriptionStatusResponse } from '@cofounder/shared';
import { PRICING, TRIAL_STATUS, paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { CHANGE_PLAN_TEXT } from './ChangePlanDialog.tsx';
import { SUBSCRIPTION_TEXT } from './SubscriptionTab.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const INVOICE: Invoice = {
  id: 'in_1',
  date: '2025-03-01T00:00:00.000Z',
  amount: 7900,
  currency: 'usd',
  status: 'paid',
  description: 'Builder (monthly)',
  url: 'https://billing.example/in_1',
};

function server(status: SubscriptionStatusResponse, routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/stripe/pricing': () => Response.json(PRICING),
    'GET /api/stripe/subscription-status': () => Response.json(status),
    'GET /api/stripe/invoices': () => Response.json({ success: true, invoices: [], hasMore: false }),
    ...routes,
  });
}

type Fetch = ReturnType<typeof server>;
const calls = (fetch: Fetch, method: string, path: string) =>
  fetch.mock.calls.filter(
    ([url, init]) => new URL(String(url)).pathname === path && (init?.method ?? 'GET') === method,
  );

async function openTab(fetch: Fetch, fakeTimers = false) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderApp('/dashboard/settings?tab=subscription', {
    fetch,
    auth: createFakeAuth(fakeSession()),
    ...(fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
  await screen.findByRole('heading', { name: 'Current Plan' });
  return view;
}

const button = (name: string) => screen.getByRole('button', { name });

describe('Settings → Subscription', () => {
  it('opens from ?tab=subscription and shows plan, status, renewal and the plan actions', async () => {
    await openTab(server(paidStatus('builder')));
    expect(screen.getByRole('tab', { name: 'Subscription' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Builder')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.getByText('Renews on April 1, 2025')).toBeTruthy();
    expect(screen.getByText('Billed monthly')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Plans' }).getAttribute('href')).toBe('/pricing');
    for (const name of ['Manage Billing', 'Change Plan', 'Cancel Plan', 'Refresh subscription'])
      expect(button(name)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
    // Builder gets no upgrade prompt (starter and the free trial do).
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    expect(await screen.findByText('No payments yet')).toBeTruthy();
  });

  it('switches tabs through the address', async () => {
    const { user, router } = await openTab(server(paidStatus('builder')));
    await user.click(screen.getByRole('tab', { name: 'AI Settings' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Subscription' }));
    expect(router.state.location.search).toBe('?tab=subscription');
  });

  it('shows the free trial with its end, the upgrade prompt and no Change Plan or Cancel Plan', async () => {
    await openTab(server(TRIAL_STATUS));
    expect(screen.getByTestId('subscription-status').textContent).toBe('Free Trial');
    expect(screen.getByText('Free trial ends March 12, 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'View All Plans' })).toBeTruthy();
    for (const name of ['Change Plan', 'Cancel Plan', 'Manage Billing'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('says when the free trial ended', async () => {
    await openTab(server({ ...TRIAL_STATUS, trialExpired: true }));
    expect(screen.getByText('Free trial ended')).toBeTruthy();
  });

  it('shows a scheduled downgrade and the upgrade prompt on Starter', async () => {
    await openTab(
      server(
        paidStatus('builder', {
          scheduledChange: {
            plan: 'starter',
            interval: 'monthly',
            effectiveDate: '2025-04-01T00:00:00.000Z',
          },
        }),
      ),
    );
    expect(screen.getByText(/Changes to Starter \(monthly\) on April 1, 2025/)).toBeTruthy();
  });

  it('offers a disabled Cancellation Scheduled and Reactivate when the plan cancels at the period end', async () => {
    const fetch = server(paidStatus('builder', { cancelAtPeriodEnd: true }), {
      'POST /api/stripe/reactivate-subscription': () =>
        Response.json({ success: true, message: 'Your plan will renew', effectiveDate: null }),
    });
    const { user } = await openTab(fetch);
    expect(button('Cancellation Scheduled').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel Plan' })).toBeNull();
    expect(screen.getByText('Access until April 1, 2025')).toBeTruthy();
    await user.click(button('Reactivate'));
    expect(await screen.findByText('Your plan will renew')).toBeTruthy();
    expect(calls(fetch, 'POST', '/api/stripe/reactivate-subscription')).toHaveLength(1);
    // The status is read again after the change.
    await waitFor(() =>
      expect(calls(fetch, 'GET', '/api/stripe/subscription-status').length).toBeGreaterThan(1),
    );
  });

  it('offers Reactivate (and no Change Plan) on a canceled plan', async () => {
    await openTab(server(paidStatus('builder', { status: 'canceled' })));
    expect(screen.getByTestId('subscription-status').textContent).toBe('Canceled');
    expect(button('Reactivate')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Plan' })).toBeNull();
  });

  it('cancels after the confirmation, with the default text when the server gives none', async () => {
    const fetch = server(paidStatus('starter'), {
      'POST /api/stripe/cancel-subscription': () =>
        Response.json({ success: true, message: '', effectiveDate: null }),
    });
    const { user } = await openTab(fetch);
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toBeTruthy();
    await user.click(button('Cancel Plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Plan' }));
    expect(await screen.findByText(SUBSCRIPTION_TEXT.cancelled)).toBeTruthy();
    expect(SUBSCRIPTION_TEXT.cancelled).toBe('Subscription will cancel at end of period');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when cancelling fails', async () => {
    const fetch = server(paidStatus('builder'), {
      'POST /api/stripe/cancel-subscription': () =>
        Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }),
    });
    const { user } = await openTab(fetch);
    await user.click(button('Cancel Plan'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Plan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error canceling subscription. Please try again.',
    );
  });

  it('says "Unable to load plans" with Try Again when the status fails', async () => {
    let fail = true;
    const fetch = server(paidStatus('builder'), {
      'GET /api/stripe/subscription-status': () =>
        fail
          ? Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 })
          : Response.json(paidStatus('builder')),
    });
    const { user } = renderApp('/dashboard/settings?tab=subscription', {
      fetch,
      auth: createFakeAuth(fakeSession()),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to load plans. Please try again.',
    );
    fail = false;
    await user.click(button('Try Again'));
    expect(await screen.findByRole('heading', { name: 'Current Plan' })).toBeTruthy();
  });

  it('opens the billing portal in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetch = server(paidStatus('builder'), {
      'POST /api/stripe/create-portal-session': () =>
        Response.json({ success: true, url: 'https://billing.example/portal' }),
    });
    const { user } = await openTab(fetch);
    await user.click(button('Manage Billing'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://billing.example/portal'));
    expect(tab.opener).toBeNull();
  });

  it('lists invoices and loads the full history', async () => {
    const fetch = server(paidStatus('builder'), {
      'GET /api/stripe/invoices': (req) =>
        Response.json({
          success: true,
          invoices:
            req.url.searchParams.get('limit') === '100'
              ? [INVOICE, { ...INVOICE, id: 'in_0', date: '2025-02-01T00:00:00.000Z', url: null }]
              : [INVOICE],
          hasMore: req.url.searchParams.get('limit') !== '100',
        }),
    });
    const { user } = await openTab(fetch);
    expect(await screen.findByText('March 1, 2025')).toBeTruthy();
    expect(screen.getAllByText('Builder (monthly)')).toHaveLength(1);
    expect(screen.getByText('$79.00')).toBeTruthy();
    expect(screen.getByText('paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View invoice of March 1, 2025/ }).getAttribute('href')).toBe(
      'https://billing.example/in_1',
    );
    expect(
      new URL(String(calls(fetch, 'GET', '/api/stripe/invoices')[0]![0])).searchParams.get('limit'),
    ).toBe(String(BILLING.historyPreview));
    await user.click(button('View Full History'));
    expect(await screen.findByText('February 1, 2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Full History' })).toBeNull();
  });
});

describe('Change Plan modal', () => {
  async function openModal(fetch: Fetch, fakeTimers = false) {
    const view = await openTab(fetch, fakeTimers);
    await view.user.click(button('Change Plan'));
    const dialog = await screen.findByRole('dialog', { name: 'Change Plan' });
    return { ...view, dialog };
  }
  const confirm = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Confirm Change' });
  const planRadio = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('radio', { name });

  it('enables Confirm Change only for a plan other than the current one', async () => {
    const { user, dialog } = await openModal(server(paidStatus('builder')));
    expect(within(dialog).getByText('Save 20%')).toBeTruthy();
    expect(within(planRadio(dialog, /^Builder/)).getByText('Current Plan')).toBeTruthy();
    expect(within(planRadio(dialog, /^Scale/)).getByText('$199')).toBeTruthy();
    expect(confirm(dialog).hasAttribute('disabled')).toBe(true);

    await user.click(planRadio(dialog, /^Builder/));
    expect(confirm(dialog).hasAttribute('disabled')).toBe(true);
    // Changing only the interval does not enable it either.
    await user.click(within(dialog).getByRole('radio', { name: /Yearly/ }));
    expect(within(planRadio(dialog, /^Scale/)).getByText('$1,910')).toBeTruthy();
    expect(within(dialog).getByText(/billed yearly/)).toBeTruthy();
    expect(confirm(dialog).hasAttribute('disabled')).toBe(true);

    await user.click(planRadio(dialog, /^Scale/));
    expect(planRadio(dialog, /^Scale/).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText(/Upgrading to Scale takes effect immediately/)).toBeTruthy();
    expect(confirm(dialog).hasAttribute('disabled')).toBe(false);

    await user.click(planRadio(dialog, /^Starter/));
    expect(
      within(dialog).getByText(/Downgrading to Starter takes effect at the end of your billing period/),
    ).toBeTruthy();
    expect(confirm(dialog).hasAttribute('disabled')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the plan, shows the server message and closes 1 s later', async () => {
    const fetch = server(paidStatus('builder'), {
      'POST /api/stripe/change-plan': () =>
        Response.json({
          success: true,
          message: 'Upgraded to Scale',
          kind: 'upgrade',
          effectiveDate: '2025-03-10T00:00:00.000Z',
        }),
    });
    const { user, dialog } = await openModal(fetch, true);
    await user.click(planRadio(dialog, /^Scale/));
    await user.click(confirm(dialog));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Upgraded to Scale');
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/stripe/change-plan')[0]![1]?.body))).toEqual({
      planName: 'scale',
      interval: 'monthly',
    });
    // The message was found a poll or two after it appeared, so stop a little short of the close.
    act(() => vi.advanceTimersByTime(BILLING.changePlanCloseMs - 200));
    expect(screen.getByRole('dialog', { name: 'Change Plan' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Successfully changed to {plan} plan" when the server sends no message', async () => {
    const fetch = server(paidStatus('builder'), {
      'POST /api/stripe/change-plan': () =>
        Response.json({
          success: true,
          message: '',
          kind: 'downgrade',
          effectiveDate: '2025-04-01T00:00:00.000Z',
        }),
    });
    const { user, dialog } = await openModal(fetch);
    await user.click(planRadio(dialog, /^Starter/));
    await user.click(confirm(dialog));
    expect((await within(dialog).findByRole('status')).textContent).toBe(CHANGE_PLAN_TEXT.success('Starter'));
    expect(CHANGE_PLAN_TEXT.success('Starter')).toBe('Successfully changed to Starter plan');
  });

  it('shows the server error, or the generic failure when the server could not be reached', async () => {
    let reachable = true;
    const fetch = server(paidStatus('builder'), {
      'POST /api/stripe/change-plan': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return Response.json({ error: { code: 'conflict', message: 'Card expired' } }, { status: 409 });
      },
    });
    const { user, dialog } = await openModal(fetch);
    await user.click(planRadio(dialog, /^Scale/));
    await user.click(confirm(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error changing plan: Card expired');
    reachable = false;
    await user.click(confirm(dialog));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to change plan. Please try again.'),
    );
  });
});
