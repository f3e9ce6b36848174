import { VOICE } from '../constants.ts';

// The texts stand apart from the voice schemas so a screen that only shows them (the extension's popup) does not
// load zod and every schema with them.

/** Every voice and transcription text of spec 1 §5 and §8, once. */
export const VOICE_TEXT = {
  tooLarge: 'Audio file too large. Please record a shorter message (under 10 minutes).',
  oneMinuteLeft: '1 minute remaining. Recording stops automatically at 10 minutes.',
  audioTooLong: 'Audio too long',
  fileTooLarge: 'File too large',
  unsupportedFormat: 'Unsupported audio format',
  transcriptionFailed: 'Transcription failed',
  retryHint: 'Please try again.',
  processFailed: 'Failed to process audio file. Please try again.',
  micDenied: 'Could not access microphone. Please check your permissions.',
  noSpeech: 'No speech detected. Please try again.',
  transcribeFailed: 'Failed to transcribe audio. Please try again.',
  notSupported: 'Voice recording is not supported in your browser',
  unavailable: 'Voice transcription service is not available',
  startFailed: 'Failed to start recording. Please check microphone permissions.',
  /** Call screen error banner (spec 1 §8 "Voice call"). */
  notAuthenticated: 'User not authenticated',
  sessionFailed: 'Failed to create session',
  connectionFailed: (status: number | string) => `${VOICE.realtimeProviderName} connection failed: ${status}`,
  callInProgress: 'A call is already in progress. End it before starting another.',
  callLimitReached: "You've used all your voice minutes for this month. Please upgrade your plan to continue.",
  /** Under a message box that a local transcript filled, until it is sent or cleared. */
  localTranscription: 'Local transcription — check before sending',
  /** The call screen in local mode. */
  localCall: 'Local voice call — speech recognised and spoken on this server (pocketsphinx + flite)',
  localUploadFormat: 'Local transcription takes 16-bit PCM WAV audio. Record again in the app.',
  /** A recording longer than the voice time left this month ("2 min 5 s" as the founder reads it). */
  overMinutes: (timeLeft: string) =>
    `This recording is longer than the ${timeLeft} of voice time you have left this month. Record a shorter message or upgrade your plan.`,
  transcriptionBusy: 'Your previous recording is still being transcribed. Please wait for it to finish, then send this one.',
  uploadAbandoned: 'Upload abandoned',
  uploadAbandonedDetail: 'The connection closed before the recording was transcribed.',
} as const;
