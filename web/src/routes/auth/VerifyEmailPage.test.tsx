import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RESEND_COOLDOWN_SECONDS } from '@cofounder/shared';
import { authError, createFakeAuth } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

const pending = {
  pathname: '/verify-email',
  state: { email: 'ada@example.com', message: 'Account created!' },
};

describe('/verify-email', () => {
  it('shows the address and the message from navigation state', async () => {
    renderApp(pending);
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Account created!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the dev mailbox' }).getAttribute('href')).toBe(
      '/dev/mailbox',
    );
    expect(screen.getByRole('link', { name: 'Use a different email' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('counts the resend cooldown down from 60 s, then enables the button again', async () => {
    const { auth } = renderApp(pending);
    await screen.findByRole('heading', { name: 'Check Your Email' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    });
    expect(auth.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'ada@example.com',
      options: { emailRedirectTo: `${window.location.origin}/verify-email` },
    });
    const button = screen.getByRole('button', {
      name: `Resend in ${RESEND_COOLDOWN_SECONDS}s`,
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 59s' })).toBe(button);
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('button', { name: 'Resend in 1s' }).hasAttribute('disabled')).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect((screen.getByRole('button', { name: 'Resend Email' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the rate-limit text and waits out the cooldown', async () => {
    const auth = createFakeAuth();
    auth.resend.mockResolvedValueOnce({ error: authError('over_email_send_rate_limit', 'too many', 429) });
    const { user } = renderApp(pending, { auth });
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment before requesting another email.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend in 60s' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks for the address when none is known', async () => {
    const { user, auth } = renderApp('/verify-email');
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));
    expect(screen.getByText('Email address not found. Please go back and register again.')).toBeTruthy();
    expect(auth.resend).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('confirms from the link without keeping its session, and cleans the address bar', async () => {
    const { router, auth } = renderApp('/verify-email#access_token=a&refresh_token=r&type=signup');
    await screen.findByRole('heading', { name: 'Email Verified' });
    expect(screen.getByRole('link', { name: 'Continue to Sign In' }).getAttribute('href')).toBe('/login');
    // The page cleans the address bar in an effect after it renders the result.
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(auth.setSession).not.toHaveBeenCalled();
  });

  it('shows a failed link with a way to resend', async () => {
    renderApp(
      '/verify-email#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(screen.getByText('Email link is invalid or has expired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeTruthy();
  });

  it('verifies a 6-digit code and sends the now signed-in user to /welcome', async () => {
    const { user, auth } = renderApp(pending);
    await user.click(await screen.findByRole('button', { name: 'Have a code?' }));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(auth.verifyOtp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      token: '123456',
      type: 'signup',
    });
    // /welcome → /dashboard → the lazily loaded shell; the first import of its modules can be slow.
    await screen.findByRole('heading', { name: 'Chat' }, { timeout: 5000 });
  });
});
