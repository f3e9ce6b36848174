import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { INVESTORS } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { emailPreview } from './texts.ts';
import { investor, investorServer, pendingEmail } from './test-server.ts';

const EMAILS = '/dashboard/investor-outreach?tab=emails';

function open(srv: ReturnType<typeof investorServer>, entry = EMAILS) {
  return renderApp(entry, { fetch: srv.fetch, auth: createFakeAuth(fakeSession()) });
}

const LONG_BODY = `${'Dear Ada, '.repeat(30)}Best, Grace`;

describe('emailPreview', () => {
  it('keeps the first 200 characters and adds an ellipsis only when it cut', () => {
    expect(emailPreview('Short body.')).toBe('Short body.');
    const cut = emailPreview('x'.repeat(250));
    expect(cut).toBe(`${'x'.repeat(INVESTORS.emailPreviewChars)}…`);
    expect(emailPreview('y'.repeat(200))).toBe('y'.repeat(200));
    expect(emailPreview('line one\n\nline   two')).toBe('line one line two');
  });
});

describe('Investor Outreach: Email Approvals', () => {
  it('lists drafts with investor, firm, recipient, subject and a 200-character preview', async () => {
    open(investorServer({ emails: [pendingEmail({ body: LONG_BODY })] }));
    const item = within(await screen.findByTestId('pending-email'));
    expect(item.getByText('Ada Lovelace')).toBeTruthy();
    expect(item.getByText(/Analytical Ventures/)).toBeTruthy();
    expect(item.getByText('ada@analytical.vc')).toBeTruthy();
    expect(item.getByRole('button', { name: 'Invoices that chase themselves' })).toBeTruthy();
    const preview = item.getByText(/^Dear Ada/);
    expect(preview.textContent).toBe(`${LONG_BODY.slice(0, 200).trimEnd()}…`);
    expect(preview.textContent?.includes('Grace')).toBe(false);
    expect(item.getByText('Mar 2, 2025', { exact: false })).toBeTruthy();
  });

  it('Approve & Send sends the edited subject and body, then the lists update and the investor is Contacted', async () => {
    const srv = investorServer({ investors: [investor()], emails: [pendingEmail()] });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Invoices that chase themselves' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Email to Ada Lovelace' }));
    expect(dialog.getByText('ada@analytical.vc')).toBeTruthy();
    expect(dialog.getByText('Both care about fintech automation')).toBeTruthy();
    expect(dialog.getByText('Loom AI')).toBeTruthy();
    expect(dialog.getByText('Ada backs pre-seed fintech with AI.')).toBeTruthy();

    const subject = dialog.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'A better subject');
    const body = dialog.getByRole('textbox', { name: 'Body' });
    await user.clear(body);
    await user.type(body, 'Hi Ada, a shorter note.');
    await user.click(dialog.getByRole('button', { name: 'Approve & Send' }));

    expect(await screen.findByText('Email sent to Ada Lovelace')).toBeTruthy();
    expect(srv.calls.approve).toHaveLength(1);
    expect(srv.calls.approve[0]?.params.emailId).toBe('em-1');
    expect(srv.calls.approve[0]?.body).toEqual({
      approved: true,
      subject: 'A better subject',
      body: 'Hi Ada, a shorter note.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No emails waiting for approval.')).toBeTruthy();
    const emailsTab = screen.getByRole('tab', { name: /^Email Approvals/ });
    await waitFor(() => expect(emailsTab.textContent).toBe('Email Approvals0'));

    await user.click(screen.getByRole('tab', { name: /^Investors/ }));
    const card = within(await screen.findByTestId('investor-card'));
    await waitFor(() => expect(card.getByText('Contacted')).toBeTruthy());
  });

  it('sends only approved when nothing was edited, and disables both buttons while it is on its way', async () => {
    const srv = investorServer({ emails: [pendingEmail()] });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = srv.fetch.getMockImplementation()!;
    srv.fetch.mockImplementation(async (input, init) => {
      if (String(input).includes('/approve-email/')) await gate;
      return inner(input, init);
    });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Invoices that chase themselves' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Approve & Send' }));
    await waitFor(() =>
      expect((dialog.getByRole('button', { name: 'Approve & Send' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((dialog.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    expect(await screen.findByText('Email sent to Ada Lovelace')).toBeTruthy();
    expect(srv.calls.approve.map((r) => r.body)).toEqual([{ approved: true }]);
  });

  it('Reject sends approved false and says so', async () => {
    const srv = investorServer({ emails: [pendingEmail()] });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Invoices that chase themselves' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Email rejected')).toBeTruthy();
    expect(srv.calls.approve.map((r) => r.body)).toEqual([{ approved: false }]);
    expect(await screen.findByText('No emails waiting for approval.')).toBeTruthy();
  });

  it('says a draft decided elsewhere (409) was already handled and refreshes the list', async () => {
    const srv = investorServer({ emails: [pendingEmail()], approveStatus: 409 });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Invoices that chase themselves' }));
    const dialog = within(await screen.findByRole('dialog'));
    srv.state.emails = [];
    await user.click(dialog.getByRole('button', { name: 'Approve & Send' }));
    expect(await dialog.findByText('This email was already handled.')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('No emails waiting for approval.')).toBeTruthy();
  });

  it('refuses an empty subject before asking the server', async () => {
    const srv = investorServer({ emails: [pendingEmail()] });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Invoices that chase themselves' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.clear(dialog.getByRole('textbox', { name: 'Subject' }));
    expect(dialog.getByText('Subject is required')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Approve & Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(srv.calls.approve).toHaveLength(0);
  });
});

describe('approvals inbox', () => {
  afterEach(() => vi.useRealTimers());

  it('lists pending investor emails for a Builder founder and links to Email Approvals', async () => {
    const srv = investorServer({
      emails: [pendingEmail(), pendingEmail({ id: 'em-2', investorName: 'Grace Hopper' })],
    });
    const { user, router } = open(srv, '/dashboard/approvals');
    const section = within(await screen.findByRole('region', { name: 'Investor emails waiting (2)' }));
    expect(section.getByText('Grace Hopper')).toBeTruthy();
    await user.click(section.getByRole('link', { name: 'Review in Email Approvals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/investor-outreach'));
    expect(router.state.location.search).toBe('?tab=emails');
    const tab = await screen.findByRole('tab', { name: /^Email Approvals/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });

  it('shows nothing about investor emails below Builder (and never asks for them)', async () => {
    const srv = investorServer({ emails: [pendingEmail()], plan: 'starter' });
    open(srv, '/dashboard/approvals');
    expect(await screen.findByRole('heading', { name: 'Approvals', level: 1 })).toBeTruthy();
    await screen.findByText('Nothing waiting for you');
    expect(screen.queryByText(/Investor emails waiting/)).toBeNull();
    const paths = srv.fetch.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(paths.some((p) => p.includes('/investor-outreach/'))).toBe(false);
  });
});
