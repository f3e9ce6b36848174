import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_TEXT,
  forgotPasswordError,
  loginError,
  newPasswordError,
  oauthError,
  registerError,
  resendError,
  verifyCodeError,
} from './auth-errors.ts';

const api = (code: string, message = 'provider says no', status = 400) => ({
  name: 'AuthApiError',
  code,
  message,
  status,
});
const network = { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 };

describe('loginError', () => {
  it.each([
    [
      'email_not_confirmed',
      'unconfirmed',
      'Please verify your email address first. Redirecting to verification page...',
    ],
    [
      'invalid_credentials',
      'invalid_credentials',
      'Incorrect email or password. If you just registered, please verify your email first.',
    ],
    ['over_request_rate_limit', 'rate_limited', AUTH_ERROR_TEXT.loginRateLimited],
    ['user_not_found', 'other', AUTH_ERROR_TEXT.userNotFound],
    ['email_address_invalid', 'other', AUTH_ERROR_TEXT.invalidEmail],
    ['signup_disabled', 'other', AUTH_ERROR_TEXT.signupDisabled],
  ])('maps %s', (code, kind, message) => {
    expect(loginError(api(code))).toEqual({ kind, message });
  });

  it('recognises the legacy message-only form', () => {
    expect(loginError({ message: 'Invalid login credentials' }).kind).toBe('invalid_credentials');
    expect(loginError({ message: 'Email not confirmed' }).kind).toBe('unconfirmed');
  });

  it('maps network failures, 429s and server errors', () => {
    expect(loginError(network)).toEqual({ kind: 'network', message: AUTH_ERROR_TEXT.network });
    expect(loginError({ message: 'slow down', status: 429 }).message).toBe(AUTH_ERROR_TEXT.loginRateLimited);
    expect(loginError({ code: 'unexpected_failure', message: 'boom', status: 500 }).message).toBe(
      AUTH_ERROR_TEXT.unexpected,
    );
  });

  it('falls back to the provider message', () => {
    expect(loginError(api('something_new', 'Something new happened')).message).toBe('Something new happened');
  });

  it('has the no-user text', () => {
    expect(AUTH_ERROR_TEXT.noUser).toBe('Login failed. Please check your credentials and try again.');
  });
});

describe('registerError', () => {
  it('maps each code', () => {
    expect(registerError(api('user_already_exists'))).toEqual({
      kind: 'already_registered',
      message: 'An account with this email already exists. Please sign in instead.',
    });
    expect(registerError(api('weak_password')).message).toBe(
      'Password is too weak. It must be at least 8 characters long.',
    );
    expect(registerError(api('email_address_invalid')).message).toBe(AUTH_ERROR_TEXT.invalidEmail);
    expect(registerError(api('signup_disabled')).message).toBe(AUTH_ERROR_TEXT.signupDisabled);
    expect(registerError(api('over_request_rate_limit')).message).toBe(AUTH_ERROR_TEXT.registerRateLimited);
    expect(registerError(network).kind).toBe('network');
    expect(registerError(api('other', 'Database is sad')).message).toBe(
      'Registration failed: Database is sad',
    );
  });
});

describe('oauthError', () => {
  it('says a disabled provider is not configured', () => {
    expect(oauthError(api('provider_disabled'), 'github', 'login').message).toBe(
      'GitHub sign-in is not configured on this server. Please contact support.',
    );
    expect(
      oauthError({ message: 'Unsupported provider: provider is not enabled' }, 'google', 'login').kind,
    ).toBe('not_configured');
  });

  it('uses the sign-up text on the register page and the spec variants on login', () => {
    expect(oauthError(api('x'), 'google', 'register').message).toBe(
      'Failed to sign up with Google. Please try again.',
    );
    expect(oauthError({ message: 'Popup closed' }, 'google', 'login').message).toBe(
      AUTH_ERROR_TEXT.oauthPopupBlocked,
    );
    expect(oauthError({ message: 'access_denied' }, 'google', 'login').message).toBe(
      AUTH_ERROR_TEXT.oauthCancelled,
    );
    expect(oauthError({ message: 'Invalid provider' }, 'github', 'login').message).toBe(
      AUTH_ERROR_TEXT.oauthInvalidProvider,
    );
    expect(oauthError(api('x'), 'github', 'login').message).toBe(
      'Failed to sign in with GitHub. Please try again.',
    );
  });
});

describe('forgotPasswordError', () => {
  it('maps each case', () => {
    expect(forgotPasswordError(api('user_not_found')).message).toBe(
      'No account found with this email address. Please check your email or create a new account.',
    );
    expect(forgotPasswordError(api('over_email_send_rate_limit')).message).toBe(
      AUTH_ERROR_TEXT.forgotRateLimited,
    );
    expect(forgotPasswordError(api('x', 'Provider text')).message).toBe('Provider text');
  });
});

describe('newPasswordError', () => {
  it('treats a failing link session as an invalid link', () => {
    expect(newPasswordError(api('bad_jwt'), 'session').message).toBe(
      'Invalid or expired reset link. Please request a new password reset.',
    );
  });

  it('maps update failures', () => {
    expect(newPasswordError(api('session_not_found', 'gone', 403), 'update').message).toBe(
      AUTH_ERROR_TEXT.resetSessionExpired,
    );
    expect(newPasswordError(api('weak_password'), 'update').message).toBe(AUTH_ERROR_TEXT.resetWeakPassword);
    expect(newPasswordError(api('same_password', 'Use a different password'), 'update').message).toBe(
      'Use a different password',
    );
  });
});

describe('resendError and verifyCodeError', () => {
  it('maps the rate limit to the spec text', () => {
    expect(resendError(api('over_email_send_rate_limit', 'x', 429))).toEqual({
      kind: 'rate_limited',
      message: 'Too many requests. Please wait a moment before requesting another email.',
    });
    expect(resendError(api('x', 'Provider text')).message).toBe('Provider text');
    expect(AUTH_ERROR_TEXT.resendMissingEmail).toBe(
      'Email address not found. Please go back and register again.',
    );
  });

  it('reports a bad code', () => {
    expect(verifyCodeError(api('otp_expired')).message).toBe(AUTH_ERROR_TEXT.invalidCode);
    expect(verifyCodeError(network).kind).toBe('network');
  });
});
