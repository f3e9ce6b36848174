/** Query keys of voice-to-text. */
export const voiceKeys = {
  all: () => ['voice'] as const,
  transcriptionStatus: () => ['voice', 'transcription-status'] as const,
};
