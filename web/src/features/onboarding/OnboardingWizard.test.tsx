import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, type OnboardingDraft } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

const USER_ID = fakeUser().id;
const FULL: OnboardingDraft = {
  name: 'Ada',
  role: 'founder',
  idea: 'Invoices that chase themselves',
  industry: 'fintech',
  goals: ['customers'],
  stage: 'Have an MVP',
};

const ai = (message: string, ready = false) =>
  Response.json({ aiResponse: { message, ready_to_work: ready, tasks_generated: ready ? 4 : 0 } });

function server(turn: FakeRoute, extra: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: false, readyToWork: false, hasStarted: false }),
    'POST /onboarding/:userId/complete': () => Response.json({ success: true }),
    'POST /api/onboarding/:userId': turn,
    ...extra,
  });
}

function open(fetch: typeof globalThis.fetch, { fakeTimers = false } = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderApp('/onboarding', {
    auth: createFakeAuth(fakeSession()),
    fetch,
    advanceTimers: fakeTimers ? vi.advanceTimersByTime : undefined,
  });
}

const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
const turns = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith(`/api/onboarding/${USER_ID}`) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('onboarding wizard', () => {
  it('moves focus to the new step\'s heading on Next and Back, and leaves it alone on the first render', async () => {
    const { user } = open(server(() => ai('What problem are you solving?')));
    await screen.findByText('Step 1 of 7');
    expect(document.activeElement).toBe(document.body);
    await user.click(next());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'About you' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Meet your AI co-founder' }));
  });

  it('gates Next per step and hides Back on the welcome and conversation steps', async () => {
    const { user } = open(server(() => ai('What problem are you solving?')));
    await screen.findByText('Step 1 of 7');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(next());

    expect(screen.getByText('Step 2 of 7')).toBeTruthy();
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Ada Founder');
    expect(next().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Founder' }));
    expect(next().disabled).toBe(false);
    await user.clear(screen.getByLabelText('Your name'));
    expect(next().disabled).toBe(true);
    await user.type(screen.getByLabelText('Your name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    await user.click(next());
    await user.click(next());

    expect(next().disabled).toBe(true);
    await user.type(screen.getByLabelText('Your idea in one sentence'), 'Invoices that chase themselves');
    expect(next().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Fintech' }));
    await user.click(next());

    expect(next().disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Find customers' }));
    await user.click(screen.getByRole('checkbox', { name: 'Raise funding' }));
    await user.click(screen.getByRole('checkbox', { name: 'Raise funding' }));
    await user.click(next());

    expect(next().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Have an MVP' }));
    await user.click(next());

    expect(screen.getByText('Step 6 of 7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(next().disabled).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userProfile(USER_ID)) ?? '{}')).toEqual({
      name: 'Ada',
      idea: 'Invoices that chase themselves',
      goals: ['customers'],
      role: 'founder',
      industry: 'fintech',
      stage: 'Have an MVP',
    });
  });

  it('resumes a stored draft at its first unfinished step', async () => {
    localStorage.setItem(STORAGE_KEYS.userProfile(USER_ID), JSON.stringify({ ...FULL, goals: [] }));
    open(server(() => ai('?')));
    expect(await screen.findByText('Step 4 of 7')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your goals' })).toBeTruthy();
  });

  it("labels the offline co-founder's questions 'Offline draft', linking to Settings → Model (issue 23 §3)", async () => {
    localStorage.setItem(STORAGE_KEYS.userProfile(USER_ID), JSON.stringify(FULL));
    const fetch = server(() =>
      Response.json({
        aiResponse: { message: 'What problem are you solving?', ready_to_work: false, tasks_generated: 0, produced_by: 'offline' },
      }),
    );
    open(fetch);
    expect(await screen.findByText('What problem are you solving?')).toBeTruthy();
    const label = screen.getByRole('link', { name: 'Offline draft: Connect a model' });
    expect(label.getAttribute('href')).toBe('/dashboard/settings#model');
  });

  it('opens the conversation with the profile, moves the progress labels, and leaves 1.5 s after ready', async () => {
    localStorage.setItem(STORAGE_KEYS.userProfile(USER_ID), JSON.stringify(FULL));
    let n = 0;
    const fetch = server(() => {
      n += 1;
      return n === 1 ? ai('What problem are you solving?') : ai('Got it. Ready to build your plan!', true);
    });
    const { user, router } = open(fetch, { fakeTimers: true });
    expect(await screen.findByText('What problem are you solving?')).toBeTruthy();
    const progress = screen.getByRole('list', { name: 'Conversation progress' });
    expect(within(progress).getByText('Intro').getAttribute('aria-current')).toBe('step');

    await user.type(
      screen.getByRole('textbox', { name: 'Your answer' }),
      'Late payments kill freelancers{Enter}',
    );
    expect(await screen.findByText("You're all set! Taking you to your dashboard...")).toBeTruthy();
    expect(within(progress).getByText('Product').getAttribute('aria-current')).toBe('step');
    expect(turns(fetch)).toEqual([
      { role: 'user', text: '', conversation_type: 'fast_onboarding', profile: { ...FULL } },
      { role: 'user', text: 'Late payments kill freelancers', conversation_type: 'fast_onboarding' },
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted(USER_ID))).toBe('true');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith(`/onboarding/${USER_ID}/complete`))).toBe(
        true,
      ),
    );

    act(() => vi.advanceTimersByTime(1400));
    expect(router.state.location.pathname).toBe('/onboarding');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('shows the Ready summary when Next is pressed in time, and "Start Building" leaves after 3 s', async () => {
    localStorage.setItem(STORAGE_KEYS.userProfile(USER_ID), JSON.stringify(FULL));
    const { user, router } = open(
      server(() => ai('Ready when you are!', true)),
      { fakeTimers: true },
    );
    await screen.findByText('Ready when you are!');
    await user.click(next());
    expect(screen.getByText('Step 7 of 7')).toBeTruthy();
    expect(screen.getByText('Invoices that chase themselves')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(router.state.location.pathname).toBe('/onboarding');

    await user.click(screen.getByRole('button', { name: 'Start Building' }));
    expect(screen.getByText('Welcome aboard, Ada! Your co-founder is getting to work...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/onboarding');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('skips: sends the skip turn, marks complete and leaves after 2 s', async () => {
    localStorage.setItem(STORAGE_KEYS.userProfile(USER_ID), JSON.stringify(FULL));
    const fetch = server(() => ai('What problem are you solving?'));
    const { user, router } = open(fetch, { fakeTimers: true });
    await screen.findByText('What problem are you solving?');
    await user.click(screen.getByRole('button', { name: 'Skip & Start Working' }));
    expect(
      await screen.findByText("No problem, let's get to work. Taking you to your dashboard..."),
    ).toBeTruthy();
    expect(turns(fetch).at(-1)).toEqual({
      role: 'user',
      text: 'Skip',
      skip_conversation: true,
      conversation_type: 'fast_onboarding',
    });
    expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted(USER_ID))).toBe('true');
    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/onboarding');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('uses the fallback texts when the co-founder cannot answer, and leaves at once when the skip fails', async () => {
    localStorage.setItem(STORAGE_KEYS.userProfile(USER_ID), JSON.stringify(FULL));
    const fetch = server(() =>
      Response.json({ error: { code: 'ai_unavailable', message: 'down' } }, { status: 502 }),
    );
    const { user, router } = open(fetch);
    expect(
      await screen.findByText('Tell me about your startup in 1-2 sentences - what problem are you solving?'),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Invoices{Enter}');
    expect(
      await screen.findByText("Something went wrong, but I'm still excited to hear more about your idea!"),
    ).toBeTruthy();
    // The profile goes again with the next turn, since no turn reached the server yet.
    expect(turns(fetch).every((t) => 'profile' in t)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Skip & Start Working' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
    expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted(USER_ID))).toBe('true');
  });
});

describe('onboarding guard', () => {
  it('sends a founder marked complete on this browser to the dashboard', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingCompleted(USER_ID), 'true');
    const { router } = open(server(() => ai('?')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('sends a founder the server knows as complete to the dashboard', async () => {
    const fetch = server(() => ai('?'), {
      'GET /onboarding/:userId/status': () =>
        Response.json({ isComplete: true, readyToWork: true, hasStarted: true }),
    });
    const { router } = open(fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('shows the wizard when the status call fails', async () => {
    const fetch = server(() => ai('?'), {
      'GET /onboarding/:userId/status': () => new Response('oops', { status: 500 }),
    });
    const { router } = open(fetch);
    expect(await screen.findByText('Step 1 of 7')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});
