import type { Db } from '../../db/client.ts';
import { RateLimiter } from '../auth/rate-limit.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { fail } from './failures.ts';

/**
 * Voice metering for transcriptions: the plan's per-minute burst (in memory, per process, like the auth
 * limits: abuse damping, not an exact quota) and the month's voice minutes (in the database).
 */
export function createTranscriptionMeter(db: Db, usage: UsageService, now: () => number) {
  const burst = new RateLimiter(now);
  return {
    /** Counts one transcription request; 429 over the burst or with no voice minutes left. */
    async admit(userId: string): Promise<void> {
      const plan = await usage.planOf(userId);
      if (!burst.consume(userId, plan.transcriptionsPerMinute, 60)) throw fail.burst();
      const left = await usage.voiceSecondsLeft(userId, plan);
      if (left !== null && left <= 0) throw fail.noMinutes();
    },
    /** Adds the transcribed audio's seconds to the month (a recording may take the month past its limit once). */
    record: (userId: string, seconds: number) => usage.addVoiceSeconds(db, userId, seconds),
  };
}

export type TranscriptionMeter = ReturnType<typeof createTranscriptionMeter>;
