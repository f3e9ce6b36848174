import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { LocalCheckoutSession } from '@cofounder/shared';
import { browser } from '../../features/billing/use-plan-selection.ts';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { LOCAL_CHECKOUT_NOTICE } from './DevCheckoutPage.tsx';

afterEach(() => vi.restoreAllMocks());

const session = (status: LocalCheckoutSession['session']['status'] = 'open'): LocalCheckoutSession => ({
  success: true,
  session: {
    id: 'cs_1',
    plan: 'builder',
    planName: 'Builder',
    interval: 'monthly',
    amount: 7900,
    displayPrice: '$79',
    status,
  },
});

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /api/stripe/local-checkout/:id': () => Response.json(session()),
    'POST /api/stripe/local-checkout/:id': (req) =>
      Response.json({
        success: true,
        redirectUrl:
          (req.body as { action: string }).action === 'pay'
            ? '/subscription/success?session_id=cs_1'
            : '/subscription/failed?session_id=cs_1&error=card_declined',
      }),
    ...routes,
  });
}

const open = (fetch: typeof globalThis.fetch, query = '?session_id=cs_1') =>
  renderApp(`/dev/checkout${query}`, { fetch, auth: createFakeAuth(fakeSession()) });

describe('/dev/checkout', () => {
  it('shows the order and says no card is charged', async () => {
    open(server());
    expect(await screen.findByText('Builder')).toBeTruthy();
    expect(screen.getByText('monthly')).toBeTruthy();
    expect(screen.getByText('$79 per month')).toBeTruthy();
    expect(screen.getByText(LOCAL_CHECKOUT_NOTICE)).toBeTruthy();
  });

  it('pays and goes where the server says', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetch = server();
    const { user } = open(fetch);
    await user.click(await screen.findByRole('button', { name: 'Pay $79' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/subscription/success?session_id=cs_1'));
    expect(screen.getByRole('button', { name: 'Pay $79' }).hasAttribute('disabled')).toBe(true);
  });

  it('declines with the chosen reason', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetch = server();
    const { user } = open(fetch);
    await user.selectOptions(await screen.findByLabelText('Decline reason'), 'card_declined');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/subscription/failed?session_id=cs_1&error=card_declined'),
    );
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ action: 'decline', reason: 'card_declined' });
  });

  it.each([
    ['expired', 'This checkout has expired.'],
    ['complete', 'This checkout is already paid.'],
    ['declined', 'This checkout was declined.'],
  ] as const)('says a %s session is closed, with a way back to pricing', async (status, text) => {
    open(server({ 'GET /api/stripe/local-checkout/:id': () => Response.json(session(status)) }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says when the session is unknown', async () => {
    open(
      server({
        'GET /api/stripe/local-checkout/:id': () =>
          Response.json(
            { error: { code: 'not_found', message: 'Checkout session not found' } },
            { status: 404 },
          ),
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Checkout session not found');
    expect(screen.getByRole('link', { name: 'Back to Pricing' })).toBeTruthy();
  });
});
