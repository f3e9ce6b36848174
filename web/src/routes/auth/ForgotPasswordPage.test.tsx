import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { authError, createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

describe('/forgot-password', () => {
  it('requires an address', async () => {
    const { user, auth } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('sends the link and shows the next steps', async () => {
    const { user, auth } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    expect(screen.getByText('Next steps')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Open the dev mailbox' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));
    expect(screen.getByRole('heading', { name: 'Reset Your Password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('shows the no-account text', async () => {
    const auth = createFakeAuth();
    auth.resetPasswordForEmail.mockResolvedValueOnce({
      error: authError('user_not_found', 'User not found', 404),
    });
    const { user } = renderApp('/forgot-password', { auth, config: { devMailbox: false } });
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText(
        'No account found with this email address. Please check your email or create a new account.',
      ),
    ).toBeTruthy();
  });

  it('sends a signed-in visitor to /dashboard/chat', async () => {
    const { router } = renderApp('/forgot-password', { auth: createFakeAuth(fakeSession()) });
    await screen.findByRole('heading', { name: 'Chat' });
    expect(router.state.location.pathname).toBe('/dashboard/chat');
  });
});
