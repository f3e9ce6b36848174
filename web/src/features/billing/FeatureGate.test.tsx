import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, GATED_FEATURES, type SubscriptionStatusResponse } from '@cofounder/shared';
import { TRIAL_STATUS, paidStatus } from '../../test/billing-fixtures.ts';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { restrictedOn } from './RestrictedFeature.tsx';

/** Opens `path` signed in; the subscription status answers `status`, or a 500 when null. */
function open(path: string, status: SubscriptionStatusResponse | null | Promise<Response>) {
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/stripe/subscription-status': () =>
      status instanceof Promise
        ? status
        : status
          ? Response.json(status)
          : Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }),
  });
  renderApp(path, { fetch, auth: createFakeAuth(fakeSession()) });
  return fetch;
}

/** The gate decides from the subscription status alone: no call to the gated feature's own API. */
function expectNoFeatureCalls(fetch: ReturnType<typeof createFakeServer>) {
  const paths = fetch.mock.calls.map(([input]) => new URL(String(input)).pathname);
  expect(paths.filter((p) => /^\/api\/(sms|investor-outreach|agents\/investor-outreach)(\/|$)/.test(p))).toEqual([]);
}

describe('restricted-feature page and plan gating', () => {
  it('shows the restricted page for Phone Integration on the free trial', async () => {
    const fetch = open('/dashboard/sms', TRIAL_STATUS);
    expect(await screen.findByRole('heading', { name: 'Unlock Phone Integration', level: 1 })).toBeTruthy();
    expect(screen.getByText('Upgrade to Builder to access this feature')).toBeTruthy();
    for (const feature of GATED_FEATURES.phone.features) expect(screen.getByText(feature)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Phone Integration' })).toBeNull();
    expectNoFeatureCalls(fetch);
  });

  it('shows the restricted page for Investor Outreach on Starter', async () => {
    open('/dashboard/investor-outreach', paidStatus('starter'));
    expect(await screen.findByRole('heading', { name: 'Unlock Investor Outreach', level: 1 })).toBeTruthy();
    expect(screen.getByText('Upgrade to Builder to access this feature')).toBeTruthy();
    for (const feature of GATED_FEATURES.investorOutreach.features)
      expect(screen.getByText(feature)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Investor Outreach' })).toBeNull();
  });

  it('checks the plan first, then opens the screen on Builder', async () => {
    let answer!: (res: Response) => void;
    const fetch = open('/dashboard/investor-outreach', new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByText('Checking your plan...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Investor Outreach' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Unlock Investor Outreach' })).toBeNull();
    // While the plan is being checked the screen (and so its own API calls) has not started.
    expectNoFeatureCalls(fetch);
    answer(Response.json(paidStatus('builder')));
    expect(await screen.findByRole('heading', { name: 'Investor Outreach', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Checking your plan...')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Unlock Investor Outreach' })).toBeNull();
  });

  it('opens the screen when the subscription status cannot be read (the server gate still guards its data)', async () => {
    open('/dashboard/sms', null);
    expect(await screen.findByRole('heading', { name: 'Phone Integration', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unlock Phone Integration' })).toBeNull();
  });

  it("restrictedOn: a screen's 403 upgradeRequired shows the restricted page with the plan the server names", () => {
    const body = {
      error: { code: 'forbidden', message: 'Upgrade to Scale to access this feature' },
      upgradeRequired: true,
      plan: 'scale',
      planName: 'Scale',
    };
    const upgrade = new ApiError(403, 'forbidden', body.error.message, undefined, body);
    render(<MemoryRouter>{restrictedOn('phone', upgrade)}</MemoryRouter>);
    expect(screen.getByRole('heading', { name: 'Unlock Phone Integration', level: 1 })).toBeTruthy();
    expect(screen.getByText('Upgrade to Scale to access this feature')).toBeTruthy();
    const plain = new ApiError(403, 'forbidden', 'Not yours', undefined, { error: { code: 'forbidden', message: 'Not yours' } });
    expect(restrictedOn('phone', plain)).toBeNull();
    expect(restrictedOn('phone', null)).toBeNull();
  });
});
