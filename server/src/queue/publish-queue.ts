import type { PgBoss } from 'pg-boss';
import { workerPolling, type PollingTuning, type Waker } from './polling.ts';

export const SOCIAL_PUBLISH = 'social.publish';

/** An approved post to publish; its founder rides along so the queue's tables show whose post it is. */
export interface QueuedApproval {
  approvalId: string;
  userId: string;
}

/** Publishes one approval; waits and back-offs come back as the seconds until its next try (null: done). */
export type PublishHandler = (approvalId: string) => Promise<number | null>;

export interface PublishScheduler {
  /** Queues each approval once (one already queued keeps its time), after `startAfterSeconds` when given. */
  enqueue(approvals: QueuedApproval[], startAfterSeconds?: number): Promise<void>;
}

/**
 * `social.publish` on the task queue's pg-boss: one job per approval (singletonKey = approval id). The job always
 * completes; a wait (rate limit, back-off) is a new job with startAfter, so pg-boss's own retries never double a
 * post. One job at a time per process keeps the per-founder cap's count-then-post from racing itself.
 */
export async function startPublishQueue(
  boss: PgBoss,
  waker: Waker,
  handle: PublishHandler,
  polling: PollingTuning = {},
): Promise<PublishScheduler> {
  // stately: at most one queued and one running job per approval, so a running job can queue its next try.
  await boss.createQueue(SOCIAL_PUBLISH, { policy: 'stately', retryLimit: 0, notify: true });
  await boss.updateQueue(SOCIAL_PUBLISH, { notify: true }); // createQueue keeps an older queue's settings
  let workerId = '';
  const send = async (approval: QueuedApproval, startAfterSeconds?: number) => {
    const later = startAfterSeconds && startAfterSeconds > 0 ? startAfterSeconds : 0;
    await boss.send(SOCIAL_PUBLISH, approval, {
      singletonKey: approval.approvalId,
      ...(later ? { startAfter: later } : {}),
    });
    if (later) waker.after(workerId, later * 1000);
  };
  workerId = await boss.work<QueuedApproval>(
    SOCIAL_PUBLISH,
    workerPolling(polling),
    async ([job]) => {
      if (!job) return;
      const retryInSeconds = await handle(job.data.approvalId);
      if (retryInSeconds !== null) await send(job.data, retryInSeconds);
    },
  );
  return {
    async enqueue(approvals, startAfterSeconds) {
      for (const approval of approvals) await send(approval, startAfterSeconds);
    },
  };
}
