export { appendTranscript, formatClock } from './clock.ts';
export type { VoiceNotice, VoiceNoticeCode } from './voice-notice.ts';
export * from './use-voice-recorder.ts';
export * from './VoiceRecorderButton.tsx';
