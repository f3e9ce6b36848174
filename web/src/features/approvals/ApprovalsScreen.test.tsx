import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Approval, PendingConfirmation, PublishState } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRequest } from '../../test/fake-server.ts';
import { PUBLISH_POLL_MS } from '../../data/approvals/use-approvals.ts';
import { renderApp } from '../../test/render.tsx';

const TWEET: Approval = {
  id: 'ap1',
  kind: 'marketing_post',
  status: 'pending',
  taskId: null,
  post: { platform: 'twitter', text: 'We shipped our beta today.' },
  createdAt: new Date().toISOString(),
  decidedAt: null,
  publish: null,
  producedBy: 'gpt-4o-mini',
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

const QUEUED: PublishState = {
  status: 'queued',
  link: null,
  error: null,
  attempts: 0,
  nextAttemptAt: null,
  publishedAt: null,
};

/** An approved post with its publish state. */
const approved = (publish: Partial<PublishState>, base: Approval = TWEET): Approval => ({
  ...base,
  status: 'approved',
  decidedAt: new Date().toISOString(),
  publish: { ...QUEUED, ...publish },
});

function server(initial: Approval[], opts: { approved?: () => Approval[]; retryStatus?: number } = {}) {
  let pending = initial;
  const decisions: FakeRequest[] = [];
  const retries: FakeRequest[] = [];
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    'GET /api/approvals': (req) => {
      const status = req.url.searchParams.get('status');
      const list = status === 'pending' ? pending : status === 'approved' ? (opts.approved?.() ?? []) : [];
      return Response.json({ success: true, approvals: list });
    },
    'POST /api/approvals/:id/publish': (req) => {
      retries.push(req);
      if (opts.retryStatus)
        return Response.json(
          { error: { code: 'conflict', message: 'Only a failed post can be retried' } },
          { status: opts.retryStatus },
        );
      return Response.json({ success: true, approval: approved({}) });
    },
    'POST /api/approvals/:id': (req) => {
      decisions.push(req);
      const approval = pending.find((a) => a.id === req.params.id)!;
      pending = pending.filter((a) => a.id !== req.params.id);
      const body = req.body as { decision: 'approve' | 'reject' };
      return Response.json({
        success: true,
        approval:
          body.decision === 'approve'
            ? approved(approval.post.platform === 'reddit' ? { status: 'waiting_connection' } : {}, approval)
            : { ...approval, status: 'rejected' },
      });
    },
  });
  return { fetch, decisions, retries };
}

const open = (fetch: typeof globalThis.fetch) =>
  renderApp('/dashboard/approvals', { fetch, auth: createFakeAuth(fakeSession()) });

describe('Approvals inbox: provenance (issue 22 §2)', () => {
  it('labels a post the offline co-founder drafted "Offline draft", and only that one', async () => {
    const offline: Approval = { ...REDDIT, producedBy: 'offline' };
    open(server([TWEET, offline]).fetch);
    const cards = await screen.findAllByTestId('approval');
    const byPlatform = (platform: string) => cards.find((c) => c.dataset.platform === platform)!;
    expect(within(byPlatform('reddit')).getByTestId('offline-draft').textContent).toBe('Offline draft');
    expect(within(byPlatform('twitter')).queryByText('Offline draft')).toBeNull();
  });

  it('the label leads to Settings → Model, where a model is connected (issue 23 §3)', async () => {
    const { user, router } = open(server([{ ...REDDIT, producedBy: 'offline' }]).fetch);
    const link = await screen.findByRole('link', { name: 'Offline draft: Connect a model' });
    expect(link.getAttribute('href')).toBe('/dashboard/settings#model');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'));
    expect(router.state.location.hash).toBe('#model');
  });
});

describe('Approvals inbox: computer actions (issue 12)', () => {
  it('lists a sensitive computer action, counts it on the sidebar and sends the yes to its machine', async () => {
    const confirmation: PendingConfirmation = {
      id: 'c1',
      vmId: 'vm1',
      taskId: 't1',
      step: 3,
      kind: 'payment',
      reason: 'Clicking “Pay now” on shop.example',
      decision: { step: 3, thought: 'Pay', action: 'click', coordinate: { x: 10, y: 20 }, text: null, confidence: 0.9, timestamp: new Date().toISOString() },
      createdAt: new Date().toISOString(),
    };
    let waiting = [confirmation];
    const answers: FakeRequest[] = [];
    const fetch = createFakeServer({
      'GET /onboarding/:userId/status': () => Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
      'GET /api/approvals': () => Response.json({ success: true, approvals: [], computerActions: waiting }),
      'POST /api/computer-use/confirm/:id': (req) => {
        answers.push(req);
        waiting = [];
        return Response.json({ success: true });
      },
    });
    const { user } = open(fetch);
    expect(await screen.findByText('Clicking “Pay now” on shop.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approvals 1 waiting' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]?.params.id).toBe('vm1');
    expect(answers[0]?.body).toEqual({ confirmationId: 'c1', approve: true });
    await waitFor(() => expect(screen.queryByText('Clicking “Pay now” on shop.example')).toBeNull());
  });
});

describe('Approvals inbox', () => {
  it('counts waiting drafts on the sidebar link and approves one', async () => {
    const { fetch, decisions } = server([TWEET, REDDIT]);
    const { user } = open(fetch);
    expect(await screen.findByRole('link', { name: 'Approvals 2 waiting' })).toBeTruthy();
    expect(screen.getByText('r/startups')).toBeTruthy();
    expect(screen.getByText('What we learned')).toBeTruthy();

    const first = screen.getAllByTestId('approval')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved — queued to publish')).toBeTruthy();
    expect(decisions[0]?.body).toEqual({ decision: 'approve' });
    await waitFor(() => expect(screen.queryByText('We shipped our beta today.')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Approvals 1 waiting' })).toBeTruthy();
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

describe('Approved posts: publish state', () => {
  afterEach(() => vi.useRealTimers());

  const openApproved = async (approvedList: () => Approval[], retryStatus?: number) => {
    const srv = server([], { approved: approvedList, ...(retryStatus ? { retryStatus } : {}) });
    const view = open(srv.fetch);
    await view.user.click(await screen.findByRole('tab', { name: 'Approved' }));
    return { ...srv, ...view };
  };

  it('shows a queued post with its next try', async () => {
    const inTenMinutes = new Date(Date.now() + 10 * 60_000 + 5000).toISOString();
    await openApproved(() => [approved({ nextAttemptAt: inTenMinutes })]);
    expect(await screen.findByText('Queued to publish')).toBeTruthy();
    expect(screen.getByText('Next try in 10 minutes')).toBeTruthy();
  });

  it('says which platform it waits for and links to Connections', async () => {
    await openApproved(() => [approved({ status: 'waiting_connection' }, REDDIT)]);
    expect(await screen.findByText('Waiting for Reddit to be connected')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Connect Reddit' });
    expect(link.getAttribute('href')).toBe('/dashboard/connections');
  });

  it('links a published post in a new tab', async () => {
    const link = 'https://x.com/ada/status/1';
    await openApproved(() => [
      approved({ status: 'published', link, publishedAt: new Date().toISOString() }),
    ]);
    expect(await screen.findByText('Published')).toBeTruthy();
    const view = screen.getByRole('link', { name: 'View post' });
    expect(view.getAttribute('href')).toBe(link);
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a failure and retries it', async () => {
    const { retries, user } = await openApproved(() => [
      approved({ status: 'failed', error: 'X rejected the post', attempts: 5 }),
    ]);
    expect(await screen.findByText('Publishing failed: X rejected the post')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Post queued to publish again')).toBeTruthy();
    expect(retries[0]?.url.pathname).toBe('/api/approvals/ap1/publish');
  });

  it('toasts the server message when a retry fails', async () => {
    const { user } = await openApproved(() => [approved({ status: 'failed', error: 'Network down' })], 409);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Only a failed post can be retried')).toBeTruthy();
  });

  it('refetches while a post is queued until it is published', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: Partial<PublishState> = {};
    const srv = server([], { approved: () => [approved(state)] });
    const { user } = renderApp('/dashboard/approvals', {
      fetch: srv.fetch,
      auth: createFakeAuth(fakeSession()),
      advanceTimers: (ms) => vi.advanceTimersByTime(ms),
    });
    await user.click(await screen.findByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText('Queued to publish')).toBeTruthy();
    state = { status: 'published', link: 'https://x.com/ada/status/1' };
    await act(() => vi.advanceTimersByTimeAsync(PUBLISH_POLL_MS + 100));
    expect(await screen.findByRole('link', { name: 'View post' })).toBeTruthy();
  });

  it('says an approved post waits for its platform when it is not connected', async () => {
    const { user } = open(server([REDDIT]).fetch);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved — waiting for Reddit to be connected')).toBeTruthy();
  });
});
