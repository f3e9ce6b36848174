import { describe, expect, it } from 'vitest';
import { connectionStatus } from './connection-status.ts';
import { connectWindowPath, isSocialConfigured, readOAuthMessage } from './connections.ts';

const VIEW = {
  platform: 'twitter',
  connected: true,
  displayName: 'A',
  username: 'a',
  lastSync: null,
  error: null,
} as const;
const DATA = {
  platform: 'twitter',
  accessToken: 'handle-123456789',
  profile: { displayName: 'A', username: 'a' },
};

describe('connection rules', () => {
  it('maps records to card states; LinkedIn is always coming soon', () => {
    expect(connectionStatus('twitter', undefined)).toBe('not_connected');
    expect(connectionStatus('twitter', VIEW)).toBe('connected');
    expect(connectionStatus('reddit', { ...VIEW, platform: 'reddit', error: 'revoked' })).toBe('error');
    expect(connectionStatus('linkedin', { ...VIEW, platform: 'linkedin' })).toBe('coming_soon');
  });

  it('reads social config tolerantly', () => {
    expect(isSocialConfigured({}, 'twitter')).toBe(false);
    expect(isSocialConfigured({ social: { twitter: true } }, 'twitter')).toBe(true);
    expect(isSocialConfigured({ social: { twitter: true } }, 'reddit')).toBe(false);
    expect(isSocialConfigured({ social: 'yes' }, 'twitter')).toBe(false);
    expect(isSocialConfigured({ social: { linkedin: true } }, 'linkedin')).toBe(false);
  });

  it('reads OAuth messages', () => {
    expect(readOAuthMessage({ type: 'oauth-success', data: DATA })).toEqual({ kind: 'success', data: DATA });
    expect(readOAuthMessage({ type: 'oauth-success', ...DATA })).toEqual({ kind: 'success', data: DATA });
    expect(readOAuthMessage({ type: 'oauth-success', data: { ...DATA, profile: undefined } })).toEqual({
      kind: 'invalid',
    });
    expect(readOAuthMessage({ type: 'oauth-success', data: { ...DATA, accessToken: '' } })).toEqual({
      kind: 'invalid',
    });
    expect(readOAuthMessage({ type: 'oauth-error', error: 'denied' })).toEqual({
      kind: 'error',
      error: 'denied',
    });
    expect(readOAuthMessage({ type: 'oauth-error', data: { error: 'no', platform: 'reddit' } })).toEqual({
      kind: 'error',
      error: 'no',
      platform: 'reddit',
    });
    expect(readOAuthMessage({ type: 'other' })).toEqual({ kind: 'ignored' });
    expect(readOAuthMessage('hello')).toEqual({ kind: 'ignored' });
  });

  it('builds the connect window path with the user and a code, never a token', () => {
    expect(connectWindowPath('reddit', 'u-1', 'abc_DEF-123')).toBe(
      '/auth/reddit?userId=u-1&code=abc_DEF-123',
    );
    expect(connectWindowPath('twitter', 'u&2', 'c+d')).toBe('/auth/twitter?userId=u%262&code=c%2Bd');
  });
});
