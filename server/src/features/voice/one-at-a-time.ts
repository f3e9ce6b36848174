import { fail } from './failures.ts';

/** When a founder refused for having a recording in flight is asked to try again. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * At most one transcription in flight per founder (in this process, where its recogniser runs): one founder's
 * burst of uploads cannot fill the recognisers' line and make everyone else's notes wait behind it.
 */
export function createOneAtATime() {
  const busy = new Set<string>();
  return {
    /** Runs `work` as `userId`'s one transcription; 429 (with Retry-After) while another of theirs is in flight. */
    async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
      if (busy.has(userId)) throw fail.busy(BUSY_RETRY_AFTER_SECONDS);
      busy.add(userId);
      try {
        return await work();
      } finally {
        busy.delete(userId);
      }
    },
  };
}

export type OneAtATime = ReturnType<typeof createOneAtATime>;
