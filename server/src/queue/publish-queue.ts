import type { PgBoss } from 'pg-boss';

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

export interface PublishQueueOptions {
  pollingIntervalSeconds?: number;
}

/**
 * `social.publish` on the task queue's pg-boss: one job per approval (singletonKey = approval id). The job always
 * completes; a wait (rate limit, back-off) is a new job with startAfter, so pg-boss's own retries never double a
 * post. One job at a time per process keeps the per-founder cap's count-then-post from racing itself.
 */
export async function startPublishQueue(
  boss: PgBoss,
  handle: PublishHandler,
  options: PublishQueueOptions = {},
): Promise<PublishScheduler> {
  // stately: at most one queued and one running job per approval, so a running job can queue its next try.
  await boss.createQueue(SOCIAL_PUBLISH, { policy: 'stately', retryLimit: 0 });
  const send = async (approval: QueuedApproval, startAfterSeconds?: number) => {
    await boss.send(SOCIAL_PUBLISH, approval, {
      singletonKey: approval.approvalId,
      ...(startAfterSeconds && startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}),
    });
  };
  await boss.work<QueuedApproval>(
    SOCIAL_PUBLISH,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
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
