import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { TIMINGS } from '@cofounder/shared';
import { authFailure, createFakeAuth } from '../../test/fake-auth.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

async function openRegister(...args: Parameters<typeof renderApp>) {
  const view = renderApp(...args);
  await screen.findByRole('heading', { name: 'Create Your Account' });
  return view;
}

async function fillForm(user: Awaited<ReturnType<typeof openRegister>>['user'], password = 'Str0ng!pass') {
  await user.type(screen.getByLabelText('First name'), ' Ada ');
  await user.type(screen.getByLabelText('Last name'), 'Founder');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
}

describe('/register', () => {
  it.each([
    ['abc', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['Abcdefgh', 'Fair'],
    ['Abcdefg1', 'Good'],
    ['Abcdef1!', 'Strong'],
  ])('rates %s as %s', async (password, label) => {
    const { user } = await openRegister('/register');
    await user.type(screen.getByLabelText('Password'), password);
    expect(screen.getByText('Password strength:').textContent).toBe(`Password strength: ${label}`);
  });

  it('lists the five criteria', async () => {
    const { user } = await openRegister('/register');
    await user.type(screen.getByLabelText('Password'), 'a');
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(list.querySelectorAll('li')).toHaveLength(5);
  });

  it('hints whether the passwords match', async () => {
    const { user } = await openRegister('/register');
    await user.type(screen.getByLabelText('Password'), 'Abcdef1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Abcdef1');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm password'), '!');
    expect(screen.getByText('Passwords match')).toBeTruthy();
  });

  it('shows the validation texts', async () => {
    const { user, auth } = await openRegister('/register');
    await user.type(screen.getByLabelText('First name'), '   ');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please fix the errors below')).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('signs up with the metadata, then goes to /verify-email with the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, auth, router } = await openRegister('/register', { advanceTimers: vi.advanceTimersByTime });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(/Account created!/)).toBeTruthy();
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Str0ng!pass',
      options: {
        data: { first_name: 'Ada', last_name: 'Founder', full_name: 'Ada Founder' },
        emailRedirectTo: `${window.location.origin}/verify-email`,
      },
    });
    act(() => vi.advanceTimersByTime(TIMINGS.registerSuccessRedirectMs));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
  });

  it('offers to log in when the address is taken', async () => {
    const auth = createFakeAuth();
    auth.signUp.mockResolvedValueOnce(authFailure('user_already_exists', 'User already registered', 422));
    const { user } = await openRegister('/register', { auth });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('An account with this email already exists. Please sign in instead.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with this email' }).getAttribute('href')).toBe('/login');
  });

  it('reports an OAuth sign-up failure with the provider name', async () => {
    const auth = createFakeAuth();
    auth.signInWithOAuth.mockRejectedValueOnce(new Error('boom'));
    const { user } = await openRegister('/register', {
      auth,
      config: { oauthProviders: { google: true, github: true } },
    });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Failed to sign up with Google. Please try again.')).toBeTruthy();
  });

  it('links to /login', async () => {
    await openRegister('/register');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });
});
