// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_FORM_TEXT } from '../../rules/auth-forms.ts';
import type { LoginValues } from '../../rules/auth-forms.ts';
import { SignInForm, type SignInFormLook } from './SignInForm.tsx';
import { SIGN_IN_TEXT } from './sign-in-texts.ts';

afterEach(cleanup);

const LOOK: SignInFormLook = {
  form: '',
  field: '',
  label: '',
  input: (invalid) => (invalid ? 'bad' : 'ok'),
  passwordInput: 'room',
  passwordBox: '',
  reveal: '',
  error: '',
  submit: '',
};

function form(onSignIn: (values: LoginValues) => Promise<void>, alert?: string) {
  const onAttempt = vi.fn();
  render(
    <SignInForm
      idPrefix="t"
      onSignIn={onSignIn}
      onAttempt={onAttempt}
      alert={alert && <p role="alert">{alert}</p>}
      renderAlert={(text) => <p role="alert">{text}</p>}
      look={LOOK}
    />,
  );
  return { onAttempt, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: SIGN_IN_TEXT.submit });

describe('SignInForm (the dashboard and the popup)', () => {
  it('checks the fields first: the banner and each error, cleared field by field as the user types', async () => {
    const onSignIn = vi.fn(() => Promise.resolve());
    const { onAttempt, user } = form(onSignIn);
    await user.click(submit());

    expect(onAttempt).toHaveBeenCalledOnce();
    expect(onSignIn).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(AUTH_FORM_TEXT.fixErrors);
    const email = screen.getByLabelText(SIGN_IN_TEXT.email);
    expect(email.getAttribute('aria-describedby')).toBe('t-email-error');
    expect(email.className).toBe('bad');
    expect(document.getElementById('t-email-error')?.textContent).toBe(AUTH_FORM_TEXT.emailRequired);
    expect(screen.getByText(AUTH_FORM_TEXT.passwordRequired)).toBeTruthy();

    await user.type(email, 'a');
    expect(screen.queryByText(AUTH_FORM_TEXT.emailRequired)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(AUTH_FORM_TEXT.fixErrors);
    await user.type(screen.getByLabelText(SIGN_IN_TEXT.password), 'x');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(submit());
    expect(screen.getByText(AUTH_FORM_TEXT.emailInvalid)).toBeTruthy();
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it("runs the caller's sign-in with the trimmed address and waits for it", async () => {
    let finish = () => {};
    const onSignIn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = form(onSignIn);
    await user.type(screen.getByLabelText(SIGN_IN_TEXT.email), ' ada@example.com ');
    await user.type(screen.getByLabelText(SIGN_IN_TEXT.password), 'Str0ng!pass');
    await user.click(submit());

    expect(onSignIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'Str0ng!pass' });
    const waiting = screen.getByRole('button', { name: SIGN_IN_TEXT.pending }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    finish();
    expect(
      ((await screen.findByRole('button', { name: SIGN_IN_TEXT.submit })) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("shows the caller's banner about the last attempt while the fields are fine", () => {
    form(() => Promise.resolve(), SIGN_IN_TEXT.invalidCredentials);
    expect(screen.getByRole('alert').textContent).toBe(SIGN_IN_TEXT.invalidCredentials);
  });

  it('shows and hides the password', async () => {
    const { user } = form(() => Promise.resolve());
    const password = screen.getByLabelText(SIGN_IN_TEXT.password);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.className).toBe('ok room');
    await user.click(screen.getByRole('button', { name: SIGN_IN_TEXT.showPassword }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: SIGN_IN_TEXT.hidePassword }));
    expect(password.getAttribute('type')).toBe('password');
  });
});
