import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { BILLING } from '@cofounder/shared';
import { PRICING, paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

// Issue 25, web 10: the settings always show a pending plan change and let it be undone.
afterEach(() => vi.restoreAllMocks());

const pending = { plan: 'starter', interval: 'monthly', effectiveDate: '2025-04-01T00:00:00.000Z' } as const;
const undone = BILLING.changeUndoneText('Builder', 'Starter');

function open(overrides: Parameters<typeof paidStatus>[1]) {
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () => Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/stripe/pricing': () => Response.json(PRICING),
    'GET /api/stripe/subscription-status': () => Response.json(paidStatus('builder', overrides)),
    'GET /api/stripe/invoices': () => Response.json({ success: true, invoices: [], hasMore: false }),
    'POST /api/stripe/reactivate-subscription': () =>
      Response.json({ success: true, message: undone, effectiveDate: null }),
  });
  const view = renderApp('/dashboard/settings?tab=subscription', { fetch, auth: createFakeAuth(fakeSession()) });
  return { ...view, fetch };
}

describe('Settings → Subscription, a pending plan change', () => {
  it('offers to undo a scheduled downgrade', async () => {
    const { user, fetch } = open({ scheduledChange: pending });
    await screen.findByText(/Changes to Starter \(monthly\) on April 1, 2025/);
    await user.click(screen.getByRole('button', { name: BILLING.undoChangeLabel }));
    expect(await screen.findByText(undone)).toBeTruthy();
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/stripe/reactivate-subscription')),
      ).toHaveLength(1),
    );
  });

  it('still names the change while a cancellation holds it, with Reactivate to restore it', async () => {
    open({ scheduledChange: pending, cancelAtPeriodEnd: true });
    expect(await screen.findByText(BILLING.changeOnHoldText('Starter', 'monthly'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: BILLING.undoChangeLabel })).toBeNull();
  });

  it('offers no undo when nothing is pending', async () => {
    open({});
    await screen.findByText(/Renews on/);
    expect(screen.queryByRole('button', { name: BILLING.undoChangeLabel })).toBeNull();
  });
});
