import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { INVESTORS, STORAGE_KEYS } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { researchDescription } from './texts.ts';
import { investor, investorServer, pendingEmail } from './test-server.ts';

const { intervalMs, maxMs } = INVESTORS.researchPoll;

function openWithFakeTimers(srv: ReturnType<typeof investorServer>) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderApp('/dashboard/investor-outreach', {
    fetch: srv.fetch,
    auth: createFakeAuth(fakeSession()),
    advanceTimers: (ms) => vi.advanceTimersByTime(ms),
  });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const pendingCalls = (srv: ReturnType<typeof investorServer>) =>
  srv.fetch.mock.calls.filter(([input]) => String(input).endsWith('/pending-emails')).length;

describe('researchDescription', () => {
  it("is built from the founder's profile when there is one", () => {
    expect(researchDescription(null)).toBe('Find investors that fit my startup');
    expect(researchDescription({ name: 'Ada', idea: '  ', goals: [] })).toBe(
      'Find investors that fit my startup',
    );
    expect(
      researchDescription({
        name: 'Ada',
        idea: 'Invoices that chase themselves',
        industry: 'fintech',
        stage: 'Have an MVP',
        goals: [],
      }),
    ).toBe('Find investors that fit my Fintech startup: Invoices that chase themselves. Stage: Have an MVP.');
  });
});

describe('AI Research', () => {
  afterEach(() => vi.useRealTimers());

  it('creates the task (priority 9) from the profile, processes it, polls every 30 s and stops when results appear', async () => {
    localStorage.setItem(
      STORAGE_KEYS.userProfile(fakeUser().id),
      JSON.stringify({
        name: 'Ada',
        role: 'founder',
        idea: 'Invoices that chase themselves',
        industry: 'fintech',
        goals: ['funding'],
        stage: 'Have an MVP',
      }),
    );
    const srv = investorServer();
    const { user } = openWithFakeTimers(srv);
    expect(await screen.findByText(/No investors yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'AI Research' }));
    expect(await screen.findByText('Researching investors…')).toBeTruthy();
    expect(srv.calls.createTask[0]?.body).toEqual({
      description:
        'Find investors that fit my Fintech startup: Invoices that chase themselves. Stage: Have an MVP.',
      priority: INVESTORS.researchTaskPriority,
    });
    expect(srv.calls.process[0]?.body).toEqual({ taskId: 'task-9' });
    expect((screen.getByRole('button', { name: 'AI Research' }) as HTMLButtonElement).disabled).toBe(true);

    await advance(5000);
    expect(screen.getByLabelText('Elapsed time').textContent).toMatch(/^0:0[5-6]$/);
    const before = pendingCalls(srv);
    await advance(intervalMs - 5000);
    expect(pendingCalls(srv)).toBeGreaterThan(before);
    expect(screen.getByText('Researching investors…')).toBeTruthy();

    // The worker finishes: the next poll sees new investors and a draft, and the progress ends.
    srv.state.investors = [investor()];
    srv.state.emails = [pendingEmail()];
    await advance(intervalMs);
    expect(await screen.findByText('New investors and drafts are ready.')).toBeTruthy();
    expect(screen.queryByText('Researching investors…')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'AI Research' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('gives up after 2 minutes when nothing appears, and the page still refreshes every 30 s', async () => {
    const srv = investorServer();
    const { user } = openWithFakeTimers(srv);
    await screen.findByText(/No investors yet/);
    await user.click(screen.getByRole('button', { name: 'AI Research' }));
    expect(await screen.findByText('Researching investors…')).toBeTruthy();
    expect(srv.calls.createTask[0]?.body).toEqual({
      description: 'Find investors that fit my startup',
      priority: 9,
    });
    // 10 s short of the limit (the fake clock also moves with real time: a loaded machine must not cross it).
    await advance(maxMs - 10_000);
    expect(screen.getByText('Researching investors…')).toBeTruthy();
    await advance(10_000);
    expect(
      await screen.findByText('Research is still running. New investors will appear here when it finishes.'),
    ).toBeTruthy();
    const before = pendingCalls(srv);
    await advance(INVESTORS.refreshMs);
    expect(pendingCalls(srv)).toBe(before + 1);
  });

  it('says so when the research cannot start', async () => {
    const srv = investorServer();
    const inner = srv.fetch.getMockImplementation()!;
    srv.fetch.mockImplementation(async (input, init) =>
      String(input).endsWith('/create-task')
        ? Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })
        : inner(input, init),
    );
    const { user } = openWithFakeTimers(srv);
    await screen.findByText(/No investors yet/);
    await user.click(screen.getByRole('button', { name: 'AI Research' }));
    expect(await screen.findByText('Could not start the research. Please try again.')).toBeTruthy();
    expect(srv.calls.process).toHaveLength(0);
  });
});
