import { PASSWORD_MIN_LENGTH } from '@cofounder/shared';
import { SIGN_IN_TEXT } from '@cofounder/shared/ui';
import type { OAuthProvider } from './auth-client.ts';

/**
 * The one place that turns auth-library failures into the texts of spec 1 §8. Errors are read by shape
 * (`code`, `status`, `name`, `message`) so hosted Supabase, the local /auth/v1 and test fakes map alike.
 */
export interface AuthErrorLike {
  message?: string;
  code?: string;
  status?: number;
  name?: string;
}

export const AUTH_ERROR_TEXT = {
  unconfirmed: 'Please verify your email address first. Redirecting to verification page...',
  invalidCredentials: SIGN_IN_TEXT.invalidCredentials,
  loginRateLimited: 'Too many login attempts. Please wait a few minutes and try again.',
  userNotFound: 'No account found with this email address. Please check your email or create a new account.',
  invalidEmail: 'Please enter a valid email address.',
  wrongPassword: 'Password is incorrect. Please try again or reset your password.',
  network: 'Network error. Please check your internet connection and try again.',
  signupDisabled: 'New sign-ups are currently disabled. Please contact support.',
  noUser: 'Login failed. Please check your credentials and try again.',
  unexpected: 'An unexpected error occurred. Please refresh the page and try again.',
  alreadyRegistered: 'An account with this email already exists. Please sign in instead.',
  weakPassword: `Password is too weak. It must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  registerRateLimited: 'Too many registration attempts. Please wait a few minutes and try again.',
  forgotRateLimited: 'Too many requests. Please wait a few minutes before trying again.',
  resetSessionExpired: 'Your reset session has expired. Please request a new password reset.',
  resetWeakPassword: 'Password is too weak. Please choose a stronger password.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  resendRateLimited: 'Too many requests. Please wait a moment before requesting another email.',
  resendMissingEmail: 'Email address not found. Please go back and register again.',
  invalidCode: 'That code is invalid or has expired. Check it, or send a new email.',
  oauthCancelled: 'Sign-in was cancelled or failed. Please try again.',
  oauthPopupBlocked: 'The sign-in pop-up was blocked. Please allow pop-ups for this site and try again.',
  oauthInvalidProvider: 'This sign-in provider is not available.',
} as const;

export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', github: 'GitHub' };

/** Provider not enabled on this auth server (spec 1 §8 "Provider not supported"). */
export const oauthNotConfiguredText = (provider: OAuthProvider) =>
  `${PROVIDER_NAMES[provider]} sign-in is not configured on this server. Please contact support.`;
/** Spec 1 §8 "OAuth sign-up failure". */
export const oauthSignUpFailedText = (provider: OAuthProvider) =>
  `Failed to sign up with ${PROVIDER_NAMES[provider]}. Please try again.`;
/** Spec 1 §8 OAuth login "generic failure". */
export const oauthSignInFailedText = (provider: OAuthProvider) =>
  `Failed to sign in with ${PROVIDER_NAMES[provider]}. Please try again.`;

/** What a screen shows: the text, and a kind for the extras (tips, links, redirects) around it. */
export interface MappedAuthError {
  kind:
    | 'unconfirmed'
    | 'invalid_credentials'
    | 'already_registered'
    | 'not_configured'
    | 'network'
    | 'rate_limited'
    | 'other';
  message: string;
}

function asError(err: unknown): AuthErrorLike {
  if (typeof err === 'object' && err !== null) return err as AuthErrorLike;
  return { message: typeof err === 'string' ? err : undefined };
}

const has = (e: AuthErrorLike, ...codes: string[]) => e.code !== undefined && codes.includes(e.code);
const says = (e: AuthErrorLike, pattern: RegExp) => pattern.test(e.message ?? '');

/** supabase-js reports fetch failures (and 502-504) as AuthRetryableFetchError. */
function isNetwork(e: AuthErrorLike): boolean {
  return e.name === 'AuthRetryableFetchError' || says(e, /failed to fetch|network ?error|load failed/i);
}
function isRateLimited(e: AuthErrorLike): boolean {
  return (
    has(e, 'over_request_rate_limit', 'over_email_send_rate_limit') ||
    e.status === 429 ||
    says(e, /rate limit|too many/i)
  );
}
function isSessionProblem(e: AuthErrorLike): boolean {
  return (
    has(
      e,
      'session_not_found',
      'refresh_token_not_found',
      'refresh_token_already_used',
      'bad_jwt',
      'otp_expired',
    ) ||
    e.name === 'AuthSessionMissingError' ||
    e.status === 401 ||
    e.status === 403
  );
}

const other = (message: string): MappedAuthError => ({ kind: 'other', message });
const providerMessage = (e: AuthErrorLike) => other(e.message || AUTH_ERROR_TEXT.unexpected);
const rateLimited = (message: string): MappedAuthError => ({ kind: 'rate_limited', message });

/** signInWithPassword failures (spec 1 §8 "Login"). */
export function loginError(err: unknown): MappedAuthError {
  const e = asError(err);
  if (has(e, 'email_not_confirmed') || says(e, /email not confirmed/i))
    return { kind: 'unconfirmed', message: AUTH_ERROR_TEXT.unconfirmed };
  if (has(e, 'invalid_credentials') || says(e, /invalid login credentials/i))
    return { kind: 'invalid_credentials', message: AUTH_ERROR_TEXT.invalidCredentials };
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (isRateLimited(e)) return rateLimited(AUTH_ERROR_TEXT.loginRateLimited);
  if (has(e, 'user_not_found')) return other(AUTH_ERROR_TEXT.userNotFound);
  if (has(e, 'email_address_invalid')) return other(AUTH_ERROR_TEXT.invalidEmail);
  if (says(e, /password is incorrect|wrong password|incorrect password/i))
    return other(AUTH_ERROR_TEXT.wrongPassword);
  if (has(e, 'signup_disabled')) return other(AUTH_ERROR_TEXT.signupDisabled);
  if (has(e, 'unexpected_failure') || (e.status ?? 0) >= 500) return other(AUTH_ERROR_TEXT.unexpected);
  return providerMessage(e);
}

/** signUp failures (spec 1 §8 "Registration"). */
export function registerError(err: unknown): MappedAuthError {
  const e = asError(err);
  if (has(e, 'user_already_exists', 'email_exists') || says(e, /already registered|already exists/i))
    return { kind: 'already_registered', message: AUTH_ERROR_TEXT.alreadyRegistered };
  if (has(e, 'weak_password')) return other(AUTH_ERROR_TEXT.weakPassword);
  if (has(e, 'email_address_invalid')) return other(AUTH_ERROR_TEXT.invalidEmail);
  if (has(e, 'signup_disabled')) return other(AUTH_ERROR_TEXT.signupDisabled);
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (isRateLimited(e)) return rateLimited(AUTH_ERROR_TEXT.registerRateLimited);
  return other(`Registration failed: ${e.message ?? 'unknown error'}`);
}

/** signInWithOAuth failures (spec 1 §8 "OAuth login" and the sign-up variant). */
export function oauthError(
  err: unknown,
  provider: OAuthProvider,
  mode: 'login' | 'register',
): MappedAuthError {
  const e = asError(err);
  if (has(e, 'provider_disabled') || says(e, /unsupported provider|provider is not enabled|not configured/i))
    return { kind: 'not_configured', message: oauthNotConfiguredText(provider) };
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (mode === 'register') return other(oauthSignUpFailedText(provider));
  if (says(e, /popup|pop-up/i)) return other(AUTH_ERROR_TEXT.oauthPopupBlocked);
  if (says(e, /cancel|access_denied/i)) return other(AUTH_ERROR_TEXT.oauthCancelled);
  if (says(e, /invalid provider|provider not found/i)) return other(AUTH_ERROR_TEXT.oauthInvalidProvider);
  return other(oauthSignInFailedText(provider));
}

/** resetPasswordForEmail failures (spec 1 §8 "Forgot password"). */
export function forgotPasswordError(err: unknown): MappedAuthError {
  const e = asError(err);
  if (has(e, 'user_not_found')) return other(AUTH_ERROR_TEXT.userNotFound);
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (isRateLimited(e)) return rateLimited(AUTH_ERROR_TEXT.forgotRateLimited);
  return providerMessage(e);
}

/**
 * Reset-password failures (spec 1 §8 "New password"). `stage` says which call failed: opening the link's
 * session (a bad link) or saving the password (an expired session or a rejected password).
 */
export function newPasswordError(err: unknown, stage: 'session' | 'update'): MappedAuthError {
  const e = asError(err);
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (stage === 'session') return other(AUTH_ERROR_TEXT.invalidResetLink);
  if (has(e, 'weak_password')) return other(AUTH_ERROR_TEXT.resetWeakPassword);
  if (isSessionProblem(e)) return other(AUTH_ERROR_TEXT.resetSessionExpired);
  return providerMessage(e);
}

/** resend failures (spec 1 §8 "Resend verification"). */
export function resendError(err: unknown): MappedAuthError {
  const e = asError(err);
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (isRateLimited(e)) return rateLimited(AUTH_ERROR_TEXT.resendRateLimited);
  return providerMessage(e);
}

/** verifyOtp failures for the 6-digit code on /verify-email. */
export function verifyCodeError(err: unknown): MappedAuthError {
  const e = asError(err);
  if (isNetwork(e)) return { kind: 'network', message: AUTH_ERROR_TEXT.network };
  if (isRateLimited(e)) return rateLimited(AUTH_ERROR_TEXT.resendRateLimited);
  return other(AUTH_ERROR_TEXT.invalidCode);
}
