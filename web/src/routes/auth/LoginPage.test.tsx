import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { TIMINGS } from '@cofounder/shared';
import { authFailure, createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

async function openLogin(...args: Parameters<typeof renderApp>) {
  const view = renderApp(...args);
  await screen.findByRole('heading', { name: 'Welcome Back' });
  return view;
}

describe('/login', () => {
  it('shows the validation texts and the banner, and clears a field error on typing', async () => {
    const { user, auth } = await openLogin('/login');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('alert').textContent).toContain('Please fix the errors below');
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('login-email-error');
    expect(auth.signInWithPassword).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Please fix the errors below')).toBeNull();
  });

  it('rejects a malformed address', async () => {
    const { user } = await openLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('toggles password visibility', async () => {
    const { user } = await openLogin('/login');
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('shows the invalid-credentials text with tips and a verify link', async () => {
    const auth = createFakeAuth();
    auth.signInWithPassword.mockResolvedValueOnce(
      authFailure('invalid_credentials', 'Invalid login credentials'),
    );
    const { user } = await openLogin('/login', { auth });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByText(
        'Incorrect email or password. If you just registered, please verify your email first.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Troubleshooting tips:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'verify your email' }).getAttribute('href')).toBe(
      '/verify-email',
    );
  });

  it('says "Welcome back!" and continues to /welcome, then the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, auth, router } = await openLogin('/login', { advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Str0ng!pass',
    });
    // Signed in now, yet the page stays for the message until the timer fires.
    expect(router.state.location.pathname).toBe('/login');
    act(() => vi.advanceTimersByTime(TIMINGS.loginSuccessRedirectMs));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chat'));
  });

  it('sends an unconfirmed address to /verify-email after the delay, carrying it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = createFakeAuth();
    auth.signInWithPassword.mockResolvedValueOnce(authFailure('email_not_confirmed', 'Email not confirmed'));
    const { user, router } = await openLogin('/login', { auth, advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByText('Please verify your email address first. Redirecting to verification page...'),
    ).toBeTruthy();
    act(() => vi.advanceTimersByTime(TIMINGS.unconfirmedLoginRedirectMs));
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(screen.getByText('new@example.com')).toBeTruthy();
  });

  it('prefills the address and shows the message from navigation state', async () => {
    await openLogin({
      pathname: '/login',
      state: { email: 'ada@example.com', message: 'Password updated.' },
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.getByText('Password updated.')).toBeTruthy();
  });

  it('explains that an OAuth provider is not configured, without leaving', async () => {
    const { user, auth } = await openLogin('/login');
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(
      screen.getByText('GitHub sign-in is not configured on this server. Please contact support.'),
    ).toBeTruthy();
    expect(auth.signInWithOAuth).not.toHaveBeenCalled();
  });

  it('starts OAuth with offline access and forced consent when enabled', async () => {
    const { user, auth } = await openLogin('/login', {
      config: { oauthProviders: { google: true, github: false } },
    });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: {
        redirectTo: `${window.location.origin}/dashboard/chat`,
        queryParams: { access_type: 'offline', prompt: 'consent' },
      },
    });
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    const { router } = renderApp('/login', { auth: createFakeAuth(fakeSession()) });
    await screen.findByRole('heading', { name: 'Chat' });
    expect(router.state.location.pathname).toBe('/dashboard/chat');
  });
});
