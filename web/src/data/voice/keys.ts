/** Query keys of voice-to-text. */
export const voiceKeys = {
  transcriptionStatus: () => ['voice', 'transcription-status'] as const,
};
