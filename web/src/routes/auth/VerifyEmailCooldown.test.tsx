import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RESEND_COOLDOWN_SECONDS, TIMINGS } from '@cofounder/shared';
import { authError, createFakeAuth } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

// Issue 25, web 3: sign-up has just sent the email, so the first "Resend Email" must not be a refused one.
afterEach(() => vi.useRealTimers());

const verifyPage = (emailSentAt?: number) => ({
  pathname: '/verify-email',
  state: { email: 'ada@example.com', ...(emailSentAt === undefined ? {} : { emailSentAt }) },
});

describe('/verify-email resend cooldown', () => {
  it('opens with the countdown running right after sign-up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, auth, router } = renderApp('/register', { advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Create Your Account' });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Founder');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText(/Account created!/);
    act(() => vi.advanceTimersByTime(TIMINGS.registerSuccessRedirectMs));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));

    const waited = Math.floor(TIMINGS.registerSuccessRedirectMs / 1000);
    const button = await screen.findByRole('button', {
      name: new RegExp(`^Resend in (${RESEND_COOLDOWN_SECONDS - waited}|${RESEND_COOLDOWN_SECONDS - waited - 1})s$`),
    });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(auth.resend).not.toHaveBeenCalled();
  });

  it('counts from when the email went out, then lets the press go out', async () => {
    vi.useFakeTimers();
    const { auth } = renderApp(verifyPage(Date.now() - 15_000));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(
      screen.getByRole('button', { name: `Resend in ${RESEND_COOLDOWN_SECONDS - 15}s` }).hasAttribute('disabled'),
    ).toBe(true);
    act(() => vi.advanceTimersByTime((RESEND_COOLDOWN_SECONDS - 15) * 1000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    });
    expect(auth.resend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('A new confirmation email is on its way to ada@example.com.')).toBeTruthy();
  });

  it('keeps the time of a resend in the history entry, so a reload keeps counting', async () => {
    const { user, router } = renderApp(verifyPage());
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    await screen.findByRole('button', { name: `Resend in ${RESEND_COOLDOWN_SECONDS}s` });
    const state = router.state.location.state as { emailSentAt?: unknown; email?: unknown };
    expect(typeof state.emailSentAt).toBe('number');
    expect(state.email).toBe('ada@example.com');
  });

  it('waits exactly what a refusal names', async () => {
    const auth = createFakeAuth();
    auth.resend.mockResolvedValueOnce({
      error: authError(
        'over_email_send_rate_limit',
        'For security purposes, you can only request this after 42 seconds.',
        429,
      ),
    });
    const { user } = renderApp(verifyPage(), { auth });
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    expect(screen.getByRole('button', { name: 'Resend in 42s' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts enabled when no email is known to have gone out recently', async () => {
    renderApp(verifyPage(Date.now() - RESEND_COOLDOWN_SECONDS * 1000));
    expect((await screen.findByRole('button', { name: 'Resend Email' })).hasAttribute('disabled')).toBe(false);
  });
});
