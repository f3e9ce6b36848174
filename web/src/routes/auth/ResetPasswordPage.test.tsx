import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { authFailure, createFakeAuth } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

const link = '/reset-password?access_token=access-abc&refresh_token=refresh-abc';

describe('/reset-password', () => {
  it.each(['/reset-password', '/reset-password?access_token=a', '/reset-password?refresh_token=r'])(
    'shows "Invalid Reset Link" for %s',
    async (path) => {
      renderApp(path);
      await screen.findByRole('heading', { name: 'Invalid Reset Link' });
      expect(screen.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
    },
  );

  it('sets the new password on the link session, signs it out and offers sign-in', async () => {
    const { user, auth, router } = renderApp(link);
    await screen.findByRole('heading', { name: 'Set a New Password' });
    expect(router.state.location.search).toBe('');

    await user.type(screen.getByLabelText('New password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    await screen.findByRole('heading', { name: 'Password Updated' });
    expect(auth.setSession).toHaveBeenCalledWith({
      access_token: 'access-abc',
      refresh_token: 'refresh-abc',
    });
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'N3w!password' });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(screen.getByRole('link', { name: 'Sign In Now' }).getAttribute('href')).toBe('/login');
  });

  it('validates like registration', async () => {
    const { user, auth } = renderApp(link);
    await screen.findByRole('heading', { name: 'Set a New Password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(auth.setSession).not.toHaveBeenCalled();
  });

  it('explains a link whose session cannot be opened', async () => {
    const auth = createFakeAuth();
    auth.setSession.mockResolvedValueOnce(authFailure('bad_jwt', 'invalid JWT', 401));
    const { user } = renderApp(link, { auth });
    await screen.findByRole('heading', { name: 'Set a New Password' });
    await user.type(screen.getByLabelText('New password'), 'N3w!password');
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Invalid or expired reset link. Please request a new password reset.'),
    ).toBeTruthy();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });
});
