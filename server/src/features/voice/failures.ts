import type { Context } from 'koa';
import { VOICE_TEXT, type TranscribeFailure } from '@cofounder/shared';
import type { VoiceProviderError } from '../../providers/voice/port.ts';

/**
 * The transcription endpoints answer failures flat, `{ error, message, estimatedDuration? }` (spec 1 §7), not
 * in the /api error envelope: the recorder tells "Audio too long" and "Unsupported audio format" apart by `error`.
 */
export class TranscriptionFailure extends Error {
  override name = 'TranscriptionFailure';
  constructor(
    readonly status: number,
    readonly body: TranscribeFailure,
    /** Sent as Retry-After on a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message);
  }
}

/** "2 min 5 s", "40 s": a duration as the founder reads it (whole seconds, rounded down). */
function spokenDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes} min ${whole % 60} s` : `${whole} s`;
}

export const fail = {
  tooLarge: (estimatedDuration: number) =>
    new TranscriptionFailure(413, { error: VOICE_TEXT.audioTooLong, message: VOICE_TEXT.tooLarge, estimatedDuration }),
  unsupported: (message = 'The file is not audio. Record again or upload webm, ogg, wav, mp3, m4a or flac.') =>
    new TranscriptionFailure(400, { error: VOICE_TEXT.unsupportedFormat, message }),
  empty: () => new TranscriptionFailure(400, { error: 'Empty audio', message: `The recording is empty. ${VOICE_TEXT.retryHint}` }),
  badBase64: () => new TranscriptionFailure(400, { error: 'Invalid audio data', message: 'audio_data must be base64' }),
  malformed: (message: string) => new TranscriptionFailure(400, { error: 'Invalid upload', message }),
  unavailable: () => new TranscriptionFailure(503, { error: 'unavailable', message: VOICE_TEXT.unavailable }),
  burst: (retryAfterSeconds: number) =>
    new TranscriptionFailure(
      429,
      { error: 'rate_limited', message: 'Too many transcriptions in a minute. Please wait a moment and try again.' },
      retryAfterSeconds,
    ),
  noMinutes: () => new TranscriptionFailure(429, { error: 'rate_limited', message: VOICE_TEXT.callLimitReached }),
  /** A recording longer than the voice time left this month (nothing of it was transcribed or counted). */
  overMinutes: (secondsLeft: number) =>
    new TranscriptionFailure(429, {
      error: 'rate_limited',
      message: VOICE_TEXT.overMinutes(spokenDuration(secondsLeft)),
    }),
  /** A WAV whose header disagrees with itself or with the file: its duration cannot be trusted. */
  headerMismatch: (detail: string) => fail.unsupported(`The WAV header does not match the file: ${detail}. Record again in the app.`),
  /** The founder's previous recording is still being transcribed. */
  busy: (retryAfterSeconds: number) =>
    new TranscriptionFailure(
      429,
      { error: 'rate_limited', message: VOICE_TEXT.transcriptionBusy },
      retryAfterSeconds,
    ),
  /** The client went away before the words were ready: nobody reads this answer, nothing was counted. */
  abandoned: () => new TranscriptionFailure(400, { error: VOICE_TEXT.uploadAbandoned, message: VOICE_TEXT.uploadAbandonedDetail }),
};

/**
 * A provider refusal as the founder should see it: not configured → 503; a 400 is about the file itself
 * (corrupt, truncated, a container it cannot decode) → the format alert; 413 (it decoded past the time allowed) →
 * too long; anything else → 502.
 */
export function providerFailure(err: VoiceProviderError): TranscriptionFailure {
  if (err.status === 503) return fail.unavailable();
  if (err.status === 400) return fail.unsupported(err.message);
  if (err.status === 413) return new TranscriptionFailure(413, { error: VOICE_TEXT.audioTooLong, message: err.message });
  return new TranscriptionFailure(502, { error: VOICE_TEXT.transcriptionFailed, message: err.message });
}

/** Route wrapper: renders a TranscriptionFailure flat; every other error goes on to the usual boundary. */
export async function answerFlat(ctx: Context, run: () => Promise<unknown>): Promise<void> {
  try {
    ctx.body = await run();
  } catch (err) {
    if (!(err instanceof TranscriptionFailure)) throw err;
    if (err.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(err.retryAfterSeconds));
    ctx.status = err.status;
    ctx.body = err.body;
  }
}
