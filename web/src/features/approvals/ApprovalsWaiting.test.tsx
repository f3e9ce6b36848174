import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { investorServer, pendingEmail } from '../investors/test-server.ts';
import { APPROVALS_SUBTITLE } from './texts.ts';

const open = (srv: ReturnType<typeof investorServer>) =>
  renderApp('/dashboard/approvals', { fetch: srv.fetch, auth: createFakeAuth(fakeSession()) });

// Issue 25 item 12: the inbox and its sidebar badge cover investor emails, not only posts.
describe('what waits for approval', () => {
  it('counts waiting investor emails on the sidebar badge, and the subtitle names every kind', async () => {
    const srv = investorServer({ emails: [pendingEmail(), pendingEmail({ id: 'em-2' })] });
    open(srv);
    expect(await screen.findByRole('link', { name: 'Approvals 2 waiting' })).toBeTruthy();
    expect(screen.getByTestId('approvals-badge').textContent).toBe('2');
    expect(screen.getByText(APPROVALS_SUBTITLE)).toBeTruthy();
  });

  it('leaves investor emails out below Builder, without asking for them', async () => {
    const srv = investorServer({ emails: [pendingEmail()], plan: 'starter' });
    open(srv);
    await screen.findByText('Nothing waiting for you');
    expect(screen.getByRole('link', { name: 'Approvals' })).toBeTruthy();
    expect(screen.queryByTestId('approvals-badge')).toBeNull();
    const paths = srv.fetch.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(paths.some((p) => p.includes('/investor-outreach/'))).toBe(false);
  });
});
