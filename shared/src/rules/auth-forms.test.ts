import { describe, expect, it } from 'vitest';
import {
  AUTH_FORM_TEXT as T,
  isValid,
  validateForgotPassword,
  validateLogin,
  validateNewPassword,
  validateRegister,
} from './auth-forms.ts';

describe('validateLogin', () => {
  it('requires email and password with the spec texts', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('rejects an address without x@y.z shape', () => {
    expect(validateLogin({ email: 'ada@example', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('accepts a well-formed login', () => {
    expect(isValid(validateLogin({ email: 'ada@example.com', password: 'x' }))).toBe(true);
  });
});

describe('validateRegister', () => {
  const ok = { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', password: 'longenough', confirmPassword: 'longenough' };
  it('accepts a complete form', () => expect(validateRegister(ok)).toEqual({}));
  it('trims names before requiring them', () => {
    expect(validateRegister({ ...ok, firstName: '  ', lastName: '\t' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
  it('needs 8 characters and a matching confirmation', () => {
    expect(validateRegister({ ...ok, password: 'short', confirmPassword: 'other' })).toEqual({
      password: 'Password must be at least 8 characters long',
      confirmPassword: 'Passwords do not match',
    });
    expect(validateRegister({ ...ok, confirmPassword: '' }).confirmPassword).toBe('Please confirm your password');
  });
});

describe('validateForgotPassword and validateNewPassword', () => {
  it('uses the forgot-password required text', () => {
    expect(validateForgotPassword(' ')).toEqual({ email: 'Please enter your email address' });
    expect(validateForgotPassword('bad')).toEqual({ email: T.emailInvalid });
    expect(validateForgotPassword('a@b.co')).toEqual({});
  });
  it('applies the registration password rules', () => {
    expect(validateNewPassword({ password: '', confirmPassword: '' })).toEqual({
      password: T.passwordRequired,
      confirmPassword: T.confirmRequired,
    });
  });
});
