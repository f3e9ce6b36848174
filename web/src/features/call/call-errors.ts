import { ApiError, VOICE_TEXT } from '@cofounder/shared';
import { SdpRejectedError } from './realtime-connection.ts';

/** Statuses whose server message the founder should read: a call already running, or no minutes left. */
const TOLD_AS_IS = new Set([402, 409, 429]);

/** GET /api/realtime-voice/session failed. */
export function sessionErrorText(err: unknown): string {
  return err instanceof ApiError && TOLD_AS_IS.has(err.status) ? err.message : VOICE_TEXT.sessionFailed;
}

/** The microphone could not be opened for the call. */
export function microphoneErrorText(err: unknown): string {
  return err instanceof DOMException && err.name === 'NotAllowedError'
    ? VOICE_TEXT.micDenied
    : VOICE_TEXT.startFailed;
}

/** The WebRTC set-up or the provider's SDP answer failed. */
export function connectionErrorText(err: unknown): string {
  return VOICE_TEXT.connectionFailed(err instanceof SdpRejectedError ? err.status : 'network error');
}
