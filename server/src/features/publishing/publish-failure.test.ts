import { describe, expect, it } from 'vitest';
import { retryAfterOf, SocialProviderError } from '../../providers/social/port.ts';
import { afterFailure } from './publish-failure.ts';

const policy = { attempts: 5, retryDelaySeconds: 30, maxRateLimitWaitSeconds: 3600 };
const error = (status: number | null, retryAfter: number | null = null) =>
  new SocialProviderError('X post failed: HTTP', status, retryAfter);

describe('after a failed publish', () => {
  it('waits as long as a 429 asks, unless that is longer than the longest wait', () => {
    expect(afterFailure(error(429, 90), 1, policy)).toMatchObject({ kind: 'retry', seconds: 90 });
    expect(afterFailure(error(429, 7200), 1, policy)).toMatchObject({ kind: 'fail' });
  });

  it('backs off exponentially on network errors and 5xx until the attempts run out', () => {
    expect(afterFailure(error(null), 1, policy)).toMatchObject({ kind: 'retry', seconds: 30 });
    expect(afterFailure(error(503), 3, policy)).toMatchObject({ kind: 'retry', seconds: 120 });
    expect(afterFailure(error(503), 5, policy)).toMatchObject({ kind: 'fail', reason: 'X post failed: HTTP' });
  });

  it('fails at once on other answers and on unexpected errors', () => {
    for (const status of [400, 401, 403, 200]) expect(afterFailure(error(status), 1, policy).kind).toBe('fail');
    expect(afterFailure(new Error('boom'), 1, policy)).toEqual({ kind: 'fail', reason: 'Publishing failed unexpectedly' });
  });
});

describe('retryAfterOf', () => {
  const now = Date.UTC(2026, 0, 1);
  it('reads retry-after, X and Reddit reset headers', () => {
    expect(retryAfterOf(new Headers({ 'retry-after': '120' }), now)).toBe(120);
    expect(retryAfterOf(new Headers({ 'retry-after': new Date(now + 60_000).toUTCString() }), now)).toBe(60);
    expect(retryAfterOf(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 900) }), now)).toBe(900);
    expect(retryAfterOf(new Headers({ 'x-ratelimit-reset': '42' }), now)).toBe(42);
    expect(retryAfterOf(new Headers(), now)).toBeNull();
  });
});
