export { appendTranscript, formatClock } from './clock.ts';
export type { VoiceNotice, VoiceNoticeCode } from './voice-notice.ts';
export * from './use-voice-recorder.ts';
export * from './use-transcribed-draft.ts';
export * from './LocalTranscriptionNote.tsx';
export * from './VoiceRecorderButton.tsx';
