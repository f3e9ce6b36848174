import { ApiError } from '../../api/api-error-class.ts';
import { TranscribeFailure, VOICE_TEXT } from '../../schemas/voice.ts';
import { formatClock } from './clock.ts';

/** Why the recorder speaks up; the owner decides how (toast, inline alert) and whether (noSpeech). */
export type VoiceNoticeCode =
  | 'oneMinuteLeft'
  | 'notSupported'
  | 'micDenied'
  | 'startFailed'
  | 'unavailable'
  | 'tooLarge'
  | 'audioTooLong'
  | 'fileTooLarge'
  | 'unsupportedFormat'
  | 'processFailed'
  | 'transcriptionFailed'
  | 'noSpeech';

export interface VoiceNotice {
  code: VoiceNoticeCode;
  /** Warnings (one minute left) are not failures: the recording goes on. */
  severity: 'warning' | 'error';
  message: string;
}

export function voiceNotice(
  code: Exclude<VoiceNoticeCode, 'transcriptionFailed'>,
  message?: string,
): VoiceNotice {
  return {
    code,
    severity: code === 'oneMinuteLeft' ? 'warning' : 'error',
    message: message ?? VOICE_TEXT[code],
  };
}

/** The unavailable text, with the server's reason (e.g. the install command) when it gave one. */
export function unavailableText(reason: string | null | undefined): string {
  return reason ? `${VOICE_TEXT.unavailable}. ${reason}` : VOICE_TEXT.unavailable;
}

/** A getUserMedia failure (spec 1 §8): a refused permission names the permission, anything else the start. */
export function microphoneNotice(err: unknown): VoiceNotice {
  const denied =
    err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError');
  return voiceNotice(denied ? 'micDenied' : 'startFailed');
}

/** A failed POST /transcription, mapped to the spec's texts (413 too long / too large, 400 format, others). */
export function transcriptionNotice(err: unknown): VoiceNotice {
  if (err instanceof ApiError) {
    const body = TranscribeFailure.safeParse(err.body);
    const detail = body.success ? body.data.message : undefined;
    if (err.status === 413 && err.code === VOICE_TEXT.audioTooLong) {
      const estimate = body.success ? body.data.estimatedDuration : undefined;
      const parts = [
        detail,
        estimate === undefined ? undefined : `Estimated duration: ${formatClock(estimate)}.`,
      ];
      return voiceNotice('audioTooLong', withDetail(VOICE_TEXT.audioTooLong, parts));
    }
    if (err.status === 413) return voiceNotice('fileTooLarge', withDetail(VOICE_TEXT.fileTooLarge, [detail]));
    if (err.status === 400 && err.code === VOICE_TEXT.unsupportedFormat) {
      return voiceNotice('unsupportedFormat', withDetail(VOICE_TEXT.unsupportedFormat, [detail]));
    }
  }
  return {
    code: 'transcriptionFailed',
    severity: 'error',
    message: `${VOICE_TEXT.transcriptionFailed}. ${VOICE_TEXT.retryHint}`,
  };
}

/** "Title: detail" when the server said more than the title itself. */
function withDetail(title: string, details: (string | undefined)[]): string {
  const extra = details.filter((d): d is string => Boolean(d) && d !== title).join(' ');
  return extra ? `${title}: ${extra}` : title;
}
