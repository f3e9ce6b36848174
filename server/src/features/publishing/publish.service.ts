import { PUBLISHING } from '@cofounder/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { SocialProviderError, type SocialProviders } from '../../providers/social/port.ts';
import type { PublishHandler } from '../../queue/publish-queue.ts';
import { usableAccessToken } from '../connections/connections.service.ts';
import { afterFailure, type FailurePolicy } from './publish-failure.ts';
import {
  approvalById,
  countAttempt,
  markFailed,
  markNextAttempt,
  markPublished,
  markWaitingConnection,
} from './publish.repo.ts';
import { capFreesAt, type RateLimits } from './rate-limit.ts';

/** Tests shorten the back-off and shrink the caps instead of waiting real hours. */
export type PublishTuning = Partial<FailurePolicy & { rateLimits: RateLimits }>;

interface Deps {
  db: Db;
  social: SocialProviders;
  tokenKey: Buffer;
  now: () => number;
  log: Logger;
  tuning?: PublishTuning;
}

/**
 * The `social.publish` job: publishes one approved, queued post as its founder. No usable connection → it waits
 * for one (connecting queues it again); over our per-platform cap or told to wait by the platform → it stays
 * queued with the time of its next try; a failure that retrying will not fix → failed, with an activity saying so.
 */
export function createPublishHandler({ db, social, tokenKey, now, log, tuning = {} }: Deps): PublishHandler {
  const policy: FailurePolicy = { ...PUBLISHING, ...tuning };
  const limits = tuning.rateLimits ?? PUBLISHING.rateLimits;
  const secondsUntil = (at: Date) => Math.max(0, (at.getTime() - now()) / 1000);

  return async (approvalId) => {
    const approval = await approvalById(db, approvalId);
    if (approval?.status !== 'approved' || approval.publishStatus !== 'queued') return null;
    const { platform } = approval.post;
    const provider = social[platform];
    const token = provider
      ? await usableAccessToken({ db, social, tokenKey, now, log }, approval.userId, platform)
      : null;
    if (!provider || !token) {
      await markWaitingConnection(db, approval.id);
      return null;
    }
    const capFrees = await capFreesAt(db, approval.userId, platform, new Date(now()), limits);
    if (capFrees) {
      await markNextAttempt(db, approval.id, capFrees);
      return secondsUntil(capFrees);
    }
    await countAttempt(db, approval.id);
    const attempts = approval.publishAttempts + 1;
    let link: string;
    try {
      ({ link } = await provider.publish(token.accessToken, approval.post, token.username));
    } catch (err) {
      const step = afterFailure(err, attempts, policy);
      // The provider's message is safe to log (no tokens); anything else is a bug worth its stack.
      if (err instanceof SocialProviderError) {
        log.warn({ platform, approvalId, attempts, status: err.status, next: step.kind, reason: step.reason }, 'publishing a post failed');
      } else log.error({ err, approvalId }, 'unexpected publishing error');
      if (step.kind === 'fail') {
        await markFailed(db, approval, step.reason, new Date(now()));
        return null;
      }
      const next = new Date(now() + step.seconds * 1000);
      await markNextAttempt(db, approval.id, next, step.reason);
      return step.seconds;
    }
    await markPublished(db, approval, link, new Date(now()));
    return null;
  };
}

// The part of this area other areas may use (they never import its repo: docs/architecture.md "Layers").
export { approvalById, requeueForRetry, requeueWaitingConnection } from './publish.repo.ts';
export { postingSettingsOf } from './posting-settings.repo.ts';
