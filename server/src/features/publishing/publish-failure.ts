import { PUBLISHING } from '@cofounder/shared';
import { SocialProviderError } from '../../providers/social/port.ts';

export interface FailurePolicy {
  attempts: number;
  retryDelaySeconds: number;
  maxRateLimitWaitSeconds: number;
}

/** What to do after a failed publish: try again in `seconds`, or give up with a reason the founder can read. */
export type FailureStep = { kind: 'retry'; seconds: number; reason: string } | { kind: 'fail'; reason: string };

const UNEXPECTED = 'Publishing failed unexpectedly';

/**
 * A 429 waits as long as the platform asks (up to a day); a network error or a 5xx backs off exponentially
 * until the attempts run out; any other answer (401, 403, 400…) will not change by retrying, so it fails now.
 */
export function afterFailure(err: unknown, attempts: number, policy: FailurePolicy = PUBLISHING): FailureStep {
  if (!(err instanceof SocialProviderError)) return { kind: 'fail', reason: UNEXPECTED };
  const reason = err.message;
  if (err.status === 429 && err.retryAfterSeconds !== null) {
    return err.retryAfterSeconds <= policy.maxRateLimitWaitSeconds
      ? { kind: 'retry', seconds: err.retryAfterSeconds, reason }
      : { kind: 'fail', reason };
  }
  const transient = err.status === null || err.status === 429 || err.status >= 500;
  if (transient && attempts < policy.attempts) {
    return { kind: 'retry', seconds: policy.retryDelaySeconds * 2 ** (attempts - 1), reason };
  }
  return { kind: 'fail', reason };
}
