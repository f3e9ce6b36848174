import type { Db } from '../../db/client.ts';
import { retryAfterSeconds, type RateLimitReport } from '../../http/rate-limit-state.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { fail } from './failures.ts';

/**
 * Voice metering for transcriptions: the plan's per-minute burst (a shared per-user budget, so it holds across
 * server processes) and the month's voice minutes (in the database).
 */
export function createTranscriptionMeter(db: Db, usage: UsageService, limits: RateLimits) {
  return {
    /**
     * Counts one transcription request (the burst reported to `report`); 429 over the burst or with no voice minutes
     * left. Answers the voice seconds left (null: no limit): no longer recording is transcribed.
     */
    async admit(userId: string, report: RateLimitReport): Promise<number | null> {
      const plan = await usage.planOf(userId);
      const burst = await limits.hit(`transcription:${userId}`, { max: plan.transcriptionsPerMinute, windowMs: 60_000 });
      report(burst);
      if (!burst.ok) throw fail.burst(retryAfterSeconds(burst));
      const left = await usage.voiceSecondsLeft(userId, plan);
      if (left !== null && left <= 0) throw fail.noMinutes();
      return left;
    },
    /**
     * Adds the transcribed audio's seconds to the month. A recording whose header tells its duration never takes
     * the month past its limit; one whose header does not (webm, ogg) may, once.
     */
    record: (userId: string, seconds: number) => usage.addVoiceSeconds(db, userId, seconds),
  };
}

export type TranscriptionMeter = ReturnType<typeof createTranscriptionMeter>;
