import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Approval } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

const TWEET: Approval = {
  id: 'ap1',
  kind: 'marketing_post',
  status: 'pending',
  taskId: null,
  post: { platform: 'twitter', text: 'We shipped our beta today.' },
  createdAt: new Date().toISOString(),
  decidedAt: null,
};
const REDDIT: Approval = {
  ...TWEET,
  id: 'ap2',
  post: {
    platform: 'reddit',
    subreddit: 'startups',
    title: 'What we learned',
    body: 'Forty interviews later…',
  },
};

function server(initial: Approval[]) {
  let pending = initial;
  const decisions: FakeRequest[] = [];
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/approvals': (req) =>
      Response.json({
        success: true,
        approvals: req.url.searchParams.get('status') === 'pending' ? pending : [],
      }),
    'POST /api/approvals/:id': (req) => {
      decisions.push(req);
      const approval = pending.find((a) => a.id === req.params.id)!;
      pending = pending.filter((a) => a.id !== req.params.id);
      const body = req.body as { decision: 'approve' | 'reject' };
      return Response.json({
        success: true,
        approval: { ...approval, status: body.decision === 'approve' ? 'approved' : 'rejected' },
      });
    },
  });
  return { fetch, decisions };
}

const open = (fetch: typeof globalThis.fetch) =>
  renderApp('/dashboard/approvals', { fetch, auth: createFakeAuth(fakeSession()) });

describe('Approvals inbox', () => {
  it('counts waiting drafts on the sidebar link and approves one', async () => {
    const { fetch, decisions } = server([TWEET, REDDIT]);
    const { user } = open(fetch);
    expect(await screen.findByRole('link', { name: 'Approvals, 2 waiting' })).toBeTruthy();
    expect(screen.getByText('r/startups')).toBeTruthy();
    expect(screen.getByText('What we learned')).toBeTruthy();

    const first = screen.getAllByTestId('approval')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Post approved')).toBeTruthy();
    expect(decisions[0]?.body).toEqual({ decision: 'approve' });
    await waitFor(() => expect(screen.queryByText('We shipped our beta today.')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Approvals, 1 waiting' })).toBeTruthy();
  });

  it('edits an X post with a 280-character counter, then approves the edit', async () => {
    const { fetch, decisions } = server([TWEET]);
    const { user } = open(fetch);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const text = screen.getByLabelText('Post text');
    expect(screen.getByTestId('char-counter').textContent).toBe('26/280');
    await user.clear(text);
    await user.type(text, 'Beta is live');
    expect(screen.getByTestId('char-counter').textContent).toBe('12/280');
    await user.click(screen.getByRole('button', { name: 'Approve edited' }));
    expect(await screen.findByText('Nothing waiting for you')).toBeTruthy();
    expect(decisions[0]?.body).toEqual({
      decision: 'approve',
      edited: { platform: 'twitter', text: 'Beta is live' },
    });
  });

  it('blocks an edited X post over 280 characters', async () => {
    const { fetch } = server([TWEET]);
    const { user } = open(fetch);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const text = screen.getByLabelText('Post text');
    await user.clear(text);
    await user.click(text);
    await user.paste('x'.repeat(281));
    expect(screen.getByTestId('char-counter').textContent).toBe('281/280');
    expect(screen.getByRole('button', { name: 'Approve edited' })).toHaveProperty('disabled', true);
  });

  it('rejects a draft and shows the empty state', async () => {
    const { fetch, decisions } = server([REDDIT]);
    const { user } = open(fetch);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Post rejected')).toBeTruthy();
    expect(await screen.findByText('Nothing waiting for you')).toBeTruthy();
    expect(decisions[0]?.body).toEqual({ decision: 'reject' });
    expect(screen.getByRole('link', { name: 'Approvals' })).toBeTruthy();
  });

  it('shows the approved and rejected history tabs', async () => {
    const { fetch } = server([]);
    const { user } = open(fetch);
    expect(await screen.findByText('Nothing waiting for you')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText('Nothing approved yet')).toBeTruthy();
  });
});
