import { describe, expect, it } from 'vitest';
import { readConfirmationResult, readResetTokens } from './auth-url.ts';

describe('readResetTokens', () => {
  it('reads both tokens from the query string', () => {
    expect(readResetTokens('?access_token=a&refresh_token=r', '')).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it('accepts hosted Supabase hash links', () => {
    expect(readResetTokens('', '#access_token=a&refresh_token=r&type=recovery')).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it('is null when either token is missing', () => {
    expect(readResetTokens('?access_token=a', '')).toBeNull();
    expect(readResetTokens('?refresh_token=r', '')).toBeNull();
    expect(readResetTokens('', '')).toBeNull();
  });
});

describe('readConfirmationResult', () => {
  it('recognises a confirmed sign-up', () => {
    expect(readConfirmationResult('', '#access_token=a&refresh_token=r&type=signup')).toEqual({
      status: 'confirmed',
    });
  });

  it('carries the error description of a failed link', () => {
    expect(
      readConfirmationResult(
        '',
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ status: 'failed', message: 'Email link is invalid or has expired' });
  });

  it('is null without a result', () => {
    expect(readConfirmationResult('', '')).toBeNull();
    expect(readConfirmationResult('', '#type=recovery')).toBeNull();
  });
});
