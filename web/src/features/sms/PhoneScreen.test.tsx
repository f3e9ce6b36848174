import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SMS } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';
import { FOUNDER_NUMBER, smsServer, smsStatus, text, verifiedStatus } from './test-server.ts';

const PATH = '/dashboard/sms';

function open(srv: ReturnType<typeof smsServer>, fakeTimers = false) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderApp(PATH, {
    fetch: srv.fetch,
    auth: createFakeAuth(fakeSession()),
    ...(fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
}

const heading = () => screen.findByRole('heading', { name: 'Phone Integration', level: 1 });

afterEach(() => vi.useRealTimers());

describe('Phone Integration: not verified', () => {
  it('shows the numbered steps, the intern number and the compliance texts', async () => {
    open(smsServer());
    await heading();
    const steps = within(await screen.findByRole('list', { name: 'Set up your phone' }));
    expect(steps.getByRole('heading', { name: 'Step 1: Generate a code' })).toBeTruthy();
    expect(steps.getByRole('heading', { name: 'Step 2: Text the code to your co-founder' })).toBeTruthy();
    expect(steps.getByRole('heading', { name: "Step 3: We'll verify automatically" })).toBeTruthy();
    expect(steps.getByRole('link', { name: 'Text +1 (555) 000-1111' }).getAttribute('href')).toBe(
      'sms:+15550001111',
    );
    expect(screen.getByText(/By texting this number you agree to receive replies/)).toBeTruthy();
    expect(screen.getByText('Reply STOP to unsubscribe, HELP for help.')).toBeTruthy();
    expect(screen.getByText(/registered 10DLC campaign/)).toBeTruthy();
    // Real mode: no simulator.
    expect(screen.queryByText('Simulate a text from your phone')).toBeNull();
  });

  it('Generate Code shows the 6-digit code, its expiry and an sms: link carrying it', async () => {
    const srv = smsServer();
    const { user } = open(srv);
    const button = await screen.findByRole('button', { name: 'Generate Code' });
    await user.click(button);
    expect((await screen.findByLabelText('Verification code')).textContent).toBe('482913');
    expect(screen.getByText('Expires in 15 minutes')).toBeTruthy();
    expect(srv.calls.generate).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Text +1 (555) 000-1111' }).getAttribute('href')).toBe(
      'sms:+15550001111?body=482913',
    );
    expect(screen.getByRole('button', { name: 'Generate New Code' })).toBeTruthy();
  });

  it('disables Generate Code while the request is pending', async () => {
    const srv = smsServer();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = srv.fetch.getMockImplementation()!;
    srv.fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return inner(input, init);
    });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Generate Code' }));
    expect((screen.getByRole('button', { name: 'Generate Code' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
  });

  it('shows the server error field when generating fails, else the fallback text', async () => {
    const srv = smsServer({
      generateError: {
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many codes. Try again in 15 minutes.' } },
      },
    });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Generate Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many codes. Try again in 15 minutes.');
  });

  it("says 'Failed to generate code' when the failure carries no error field", async () => {
    const srv = smsServer({ generateError: { status: 500, body: 'oops' } });
    const { user } = open(srv);
    await user.click(await screen.findByRole('button', { name: 'Generate Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SMS.texts.generateFailed);
  });

  it('copies the code and says "Copied!" for 2 s', async () => {
    const srv = smsServer({
      status: smsStatus({
        hasCode: true,
        code: '123456',
        codeExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      }),
    });
    open(srv);
    const copy = await screen.findByRole('button', { name: 'Copy code' });
    expect(screen.getByText('Expires in 10 minutes')).toBeTruthy();
    // Only the clock from here on: time that passes for real must not count towards the 2 s.
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('123456');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SMS.copyFeedbackMs - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });

  it('polls the status every 5 s and turns verified without a reload, then stops polling', async () => {
    const srv = smsServer({
      messages: [text('m1', 'out', 'Your phone number is verified.', '2025-03-01T10:00:00Z')],
    });
    open(srv, true);
    await screen.findByRole('button', { name: 'Generate Code' });
    // Relative counts: with shouldAdvanceTime a slow first render may already have polled once more.
    const first = srv.calls.status;
    expect(first).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(SMS.pollMs));
    expect(srv.calls.status).toBeGreaterThan(first);
    srv.state.status = verifiedStatus();
    await act(() => vi.advanceTimersByTimeAsync(SMS.pollMs));
    expect(await screen.findByRole('heading', { name: 'Phone connected' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Code' })).toBeNull();
    const calls = srv.calls.status;
    await act(() => vi.advanceTimersByTimeAsync(SMS.pollMs * 3));
    expect(srv.calls.status).toBe(calls);
    // The thread keeps refreshing every 5 s.
    const before = srv.calls.messages;
    await act(() => vi.advanceTimersByTimeAsync(SMS.pollMs));
    expect(srv.calls.messages).toBeGreaterThan(before);
  });

  it("shows 'Failed to load SMS status' with Try Again", async () => {
    const srv = smsServer({ statusError: 500 });
    const { user } = open(srv);
    await heading();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SMS.texts.statusFailed);
    srv.state.statusError = undefined;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Generate Code' })).toBeTruthy();
    expect(screen.queryByText(SMS.texts.statusFailed)).toBeNull();
  });
});

describe('Phone Integration: verified', () => {
  it('shows the connected number, text and Call Now links, and the thread', async () => {
    const srv = smsServer({
      status: verifiedStatus(),
      messages: [
        text('m1', 'in', 'What should I focus on this week?', '2025-03-01T10:00:00Z'),
        text('m2', 'out', 'Ship the pricing page.', '2025-03-01T10:00:05Z'),
      ],
    });
    open(srv);
    expect(await screen.findByRole('heading', { name: 'Phone connected' })).toBeTruthy();
    expect(screen.getByText('+1 (415) 555-0123')).toBeTruthy();
    expect(screen.getByText(/Text your co-founder at/).textContent).toContain('+1 (555) 000-1111');
    expect(screen.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toBe('tel:+15550001111');
    expect(screen.getByRole('link', { name: 'Send a Text' }).getAttribute('href')).toBe('sms:+15550001111');
    const thread = within(await screen.findByRole('list', { name: 'SMS thread' }));
    const items = thread.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-direction'))).toEqual(['in', 'out']);
    expect(items[0]!.textContent).toContain('What should I focus on this week?');
    expect(items[1]!.textContent).toContain('Ship the pricing page.');
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-01T10:00:00Z');
    expect(screen.queryByText(/You replied STOP/)).toBeNull();
    expect(screen.getByText('Reply STOP to unsubscribe, HELP for help.')).toBeTruthy();
  });

  it('shows the empty thread and the opted-out notice', async () => {
    open(smsServer({ status: verifiedStatus({ optedOut: true }) }));
    expect(
      await screen.findByText('You replied STOP. Text START to +1 (555) 000-1111 to receive replies again.'),
    ).toBeTruthy();
    expect(await screen.findByText(/No texts yet/)).toBeTruthy();
  });
});

describe('Phone Integration: local mode', () => {
  it('validates From as E.164, posts the simulated text, shows the reply and the outbox, and turns verified', async () => {
    const srv = smsServer({
      status: smsStatus({ mode: 'local', hasCode: true, code: '482913', codeExpiresAt: null }),
      replies: ['Your phone number is verified. Text your co-founder any time.'],
    });
    const { user } = open(srv);
    expect(await screen.findByText(/Local mode: no real texts are sent/)).toBeTruthy();
    const from = screen.getByRole('textbox', { name: 'From' });
    expect((from as HTMLInputElement).value).toBe('+15555550123');
    expect(screen.getByText('No texts sent yet.')).toBeTruthy();

    await user.clear(from);
    await user.type(from, '415-555-0123');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '482913');
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(screen.getByText(/E\.164/)).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(srv.calls.simulate).toHaveLength(0);

    await user.clear(from);
    await user.type(from, FOUNDER_NUMBER);
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    await waitFor(() => expect(srv.calls.simulate).toHaveLength(1));
    expect(srv.calls.simulate[0]!.body).toEqual({ from: FOUNDER_NUMBER, body: '482913' });
    expect(await screen.findByRole('heading', { name: 'Phone connected' })).toBeTruthy();
    const outbox = within(await screen.findByRole('list', { name: 'Outgoing texts' }));
    expect(outbox.getByText('Your phone number is verified. Text your co-founder any time.')).toBeTruthy();
    expect(screen.getByText('Replied:')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('asks for a message before sending', async () => {
    const srv = smsServer({ status: verifiedStatus({ mode: 'local' }) });
    const { user } = open(srv);
    const from = await screen.findByRole('textbox', { name: 'From' });
    expect((from as HTMLInputElement).value).toBe(FOUNDER_NUMBER);
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(screen.getByText('Enter a message')).toBeTruthy();
    expect(srv.calls.simulate).toHaveLength(0);
  });
});

describe('Phone Integration: plan', () => {
  it('shows the restricted page when the server answers 403 upgradeRequired', async () => {
    open(smsServer({ statusError: 403 }));
    expect(await screen.findByRole('heading', { name: 'Unlock Phone Integration', level: 1 })).toBeTruthy();
    expect(screen.getByText('Upgrade to Builder to access this feature')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Phone Integration' })).toBeNull();
  });

  it('shows the restricted page from the plan alone, without calling the SMS API', async () => {
    const srv = smsServer({ plan: 'starter' });
    open(srv);
    expect(await screen.findByRole('heading', { name: 'Unlock Phone Integration', level: 1 })).toBeTruthy();
    expect(srv.calls.status).toBe(0);
  });
});
