import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { INVESTORS } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { investor, investorServer, pendingEmail } from './test-server.ts';

const PATH = '/dashboard/investor-outreach';

function open(srv: ReturnType<typeof investorServer>, entry = PATH) {
  return renderApp(entry, { fetch: srv.fetch, auth: createFakeAuth(fakeSession()) });
}

const cards = () => screen.findAllByTestId('investor-card');

describe('Investor Outreach: investors', () => {
  it('shows the heading, analytics and investor cards with verification, check size, portfolio and sample data', async () => {
    const srv = investorServer({
      investors: [
        investor(),
        investor({
          investorId: 'inv-2',
          name: 'Grace Hopper',
          firm: null,
          check: '$1m to $3m',
          portfolio: ['Cobol Inc'],
          sample: false,
          sourceUrl: 'https://example.com/grace',
          verification: { score: 3, level: 'partial' },
          status: 'contacted',
        }),
      ],
    });
    open(srv);
    expect(await screen.findByRole('heading', { name: 'Investor Outreach', level: 1 })).toBeTruthy();
    const [ada, grace] = await cards();
    const a = within(ada!);
    expect(a.getByText('Verified')).toBeTruthy();
    expect(a.getByText('50K - 250K')).toBeTruthy();
    expect(a.getByText('Analytical Ventures')).toBeTruthy();
    expect(within(a.getByRole('list', { name: 'Portfolio' })).getAllByRole('listitem')).toHaveLength(
      INVESTORS.portfolioPreview,
    );
    expect(a.getByText('+2 more')).toBeTruthy();
    expect(a.queryByText('Engine Two')).toBeNull();
    expect(a.getByText('Sample data')).toBeTruthy();
    expect(a.getByText('AI')).toBeTruthy();
    expect(a.getByText('New')).toBeTruthy();
    const g = within(grace!);
    expect(g.getByText('Partial Info')).toBeTruthy();
    expect(g.getByText('1M - 3M')).toBeTruthy();
    expect(g.queryByText(/more$/)).toBeNull();
    expect(g.queryByText('Sample data')).toBeNull();
    expect(g.getByText('Contacted')).toBeTruthy();
    expect(g.getByText('GH')).toBeTruthy();
    expect(
      screen.getByText('These investors are fictional sample data from the offline research directory.'),
    ).toBeTruthy();

    const stats = within(screen.getByLabelText('Outreach analytics'));
    await waitFor(() => expect(stats.getByText('33%')).toBeTruthy());
    expect(stats.getByText('Emails sent').nextElementSibling?.textContent).toBe('3');
    expect(stats.getByText('Total investors').nextElementSibling?.textContent).toBe('2');
    expect(stats.getByText('Contacted').nextElementSibling?.textContent).toBe('1');
  });

  it('shows no notice for real investors and the empty state when there are none', async () => {
    open(investorServer());
    expect(
      await screen.findByText('No investors yet. Run AI Research to find investors that fit your startup.'),
    ).toBeTruthy();
    expect(screen.queryByText(/fictional sample data/)).toBeNull();
  });

  it('asks the server with the status filter and the debounced search, back on page 1', async () => {
    const srv = investorServer({
      investors: [investor(), investor({ investorId: 'inv-2', name: 'Grace Hopper', status: 'meeting' })],
    });
    const { user } = open(srv);
    await cards();
    expect(srv.calls.list[0]?.toString()).toBe('status=all&page=1&limit=50');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Meeting Scheduled');
    await waitFor(() => expect(srv.calls.list.at(-1)?.get('status')).toBe('meeting'));
    await waitFor(() => expect(screen.getAllByTestId('investor-card')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Grace Hopper' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    const before = srv.calls.list.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search investors' }), 'ada');
    await waitFor(() => expect(srv.calls.list.at(-1)?.get('search')).toBe('ada'));
    // Debounced: one request for the whole word, not one per keystroke.
    expect(
      srv.calls.list
        .slice(before)
        .filter((q) => q.has('search'))
        .map((q) => q.get('search')),
    ).toEqual(['ada']);
    expect(srv.calls.list.at(-1)?.toString()).toBe('status=all&page=1&limit=50&search=ada');
    await waitFor(() => expect(screen.getAllByTestId('investor-card')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('pages 50 at a time with Previous / Next and "Page N of M"', async () => {
    const many = Array.from({ length: 120 }, (_, n) =>
      investor({ investorId: `inv-${n}`, name: `Investor ${n}`, sample: false }),
    );
    const srv = investorServer({ investors: many });
    const { user } = open(srv);
    expect(await cards()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(srv.calls.list.at(-1)?.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('investor-card')).toHaveLength(20));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the match score and its first reasons on the card, and every reason in the details', async () => {
    const srv = investorServer({
      investors: [investor(), investor({ investorId: 'inv-2', name: 'Grace Hopper', match: null })],
    });
    const { user } = open(srv);
    const [ada, grace] = await cards();
    const a = within(ada!);
    expect(a.getByText('Match 77/100')).toBeTruthy();
    const reasons = within(a.getByRole('list', { name: 'Why they match' })).getAllByRole('listitem');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'Fits: Invests in Fintech',
      'Fits: Pre-seed / Seed stage matches',
      'Does not fit: Based in London, UK, not the US',
    ]);
    // Before onboarding there is nothing to match against: no score, no reasons.
    expect(within(grace!).queryByText(/^Match /)).toBeNull();
    expect(within(grace!).queryByRole('list', { name: 'Why they match' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ada Lovelace' }));
    expect(dialog.getByRole('heading', { name: 'Why they match' })).toBeTruthy();
    expect(
      within(dialog.getByRole('list', { name: 'Why they match' }))
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([
      'Fits: Invests in Fintech',
      'Fits: Pre-seed / Seed stage matches',
      'Does not fit: Based in London, UK, not the US',
      'Not known: Writes $50k–$250k checks',
    ]);
  });

  it('opens the investor detail modal with every field, and marks a contacted investor Responded', async () => {
    const srv = investorServer({
      investors: [investor({ status: 'contacted', lastContactDate: '2025-03-03T12:00:00.000Z' })],
    });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ada Lovelace' }));
    expect(dialog.getByRole('link', { name: 'ada@analytical.vc' }).getAttribute('href')).toBe(
      'mailto:ada@analytical.vc',
    );
    expect(dialog.getByRole('link', { name: 'LinkedIn profile' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/in/ada',
    );
    expect(dialog.getByText('London, UK')).toBeTruthy();
    expect(dialog.getByText('Machines that think about money.')).toBeTruthy();
    expect(dialog.getByText('Engine Two')).toBeTruthy();
    expect(
      within(dialog.getByRole('list', { name: 'Full portfolio' })).getAllByRole('listitem'),
    ).toHaveLength(6);
    expect(dialog.getByText('Pre-seed')).toBeTruthy();
    expect(dialog.getByText('Sample directory')).toBeTruthy();
    expect(dialog.getByText('Mar 1, 2025')).toBeTruthy();
    expect(dialog.getByText(/Mar 3, 2025/)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Mark Responded' }));
    expect(await screen.findByText('Marked as Responded')).toBeTruthy();
    expect(srv.calls.patch[0]?.body).toEqual({ status: 'responded' });
    expect(dialog.queryByRole('button', { name: 'Mark Responded' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Mark Meeting Scheduled' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(screen.getByTestId('investor-card')).getByText('Responded')).toBeTruthy(),
    );
  });

  it('offers no reply buttons before the investor was contacted, and links the source when there is one', async () => {
    const srv = investorServer({
      investors: [investor({ sourceUrl: 'https://www.example.com/ada', sample: false })],
    });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('link', { name: 'example.com' }).getAttribute('href')).toBe(
      'https://www.example.com/ada',
    );
    expect(dialog.queryByRole('button', { name: 'Mark Responded' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Mark Meeting Scheduled' })).toBeNull();
  });

  it('shows a calm error with Try Again when the investors cannot be read', async () => {
    const srv = investorServer({ investorsStatus: 500 });
    const { user } = open(srv);
    expect(await screen.findByText('Could not load your investors.')).toBeTruthy();
    const before = srv.calls.list.length;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(srv.calls.list.length).toBe(before + 1));
  });

  it("shows the restricted page when the server's gate answers 403 upgradeRequired", async () => {
    open(investorServer({ investorsStatus: 403 }));
    expect(await screen.findByRole('heading', { name: 'Unlock Investor Outreach', level: 1 })).toBeTruthy();
  });
});

describe('Investor Outreach: tabs', () => {
  it('shows count badges and switches tabs with the keyboard; ?tab=emails opens Email Approvals', async () => {
    const srv = investorServer({
      investors: [investor(), investor({ investorId: 'inv-2', name: 'Grace Hopper' })],
      emails: [pendingEmail()],
    });
    const { user, router } = open(srv);
    const investorsTab = await screen.findByRole('tab', { name: /^Investors/ });
    await waitFor(() => expect(investorsTab.textContent).toBe('Investors2'));
    const emailsTab = screen.getByRole('tab', { name: /^Email Approvals/ });
    await waitFor(() => expect(emailsTab.textContent).toBe('Email Approvals1'));
    expect(investorsTab.getAttribute('aria-selected')).toBe('true');

    await user.click(investorsTab);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(emailsTab);
    await waitFor(() => expect(emailsTab.getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('Invoices that chase themselves')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=emails');
  });

  it('opens Email Approvals from ?tab=emails', async () => {
    open(investorServer({ emails: [] }), `${PATH}?tab=emails`);
    const tab = await screen.findByRole('tab', { name: /^Email Approvals/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No emails waiting for approval.')).toBeTruthy();
    expect(screen.getByRole('tabpanel')).toBeTruthy();
  });
});

describe('Investor Outreach: avatars', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the proxy only for photoUrl on the LinkedIn image hosts and falls back to the initials after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const photo = 'https://media.licdn.com/dms/image/ada.jpg';
    const srv = investorServer({
      investors: [
        investor({ photoUrl: photo }),
        // The LinkedIn profile link is not a photo; an image elsewhere is not fetched either.
        investor({
          investorId: 'inv-2',
          name: 'Grace Hopper',
          linkedin: 'https://www.linkedin.com/in/grace',
        }),
        investor({ investorId: 'inv-3', name: 'Alan Turing', photoUrl: 'https://images.example/alan.jpg' }),
      ],
    });
    renderApp(PATH, {
      fetch: srv.fetch,
      auth: createFakeAuth(fakeSession()),
      advanceTimers: vi.advanceTimersByTime,
    });
    const [ada] = await screen.findAllByTestId('investor-card');
    await waitFor(() => expect(ada!.querySelector('img')).not.toBeNull());
    expect(srv.calls.avatar).toEqual([photo]);
    expect(within(ada!).getByText('AL')).toBeTruthy();
    // Not shown until it has loaded; this one never loads.
    expect(ada!.querySelector('img')?.className).toContain('opacity-0');
    await act(() => vi.advanceTimersByTimeAsync(INVESTORS.avatarTimeoutMs));
    expect(ada!.querySelector('img')).toBeNull();
    expect(within(ada!).getByText('AL')).toBeTruthy();
  });
});
