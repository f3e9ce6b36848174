import * as z from 'zod/mini';

/**
 * The messages of quick voice-to-text between the popup, the background and the offscreen recorder. Every
 * receiver parses them with these schemas (and checks the sender is this extension) before acting.
 */

/** Popup button (and the keyboard command's code path): start a note, or stop the one being recorded. */
export const QuickVoiceToggle = z.object({ type: z.literal('quick-voice:toggle') });

/** Offscreen → background: a bearer for the upload, asked for at each call so a long recording gets a fresh one. */
export const QuickVoiceCredentialsRequest = z.object({ type: z.literal('quick-voice:credentials') });
export const QuickVoiceCredentials = z.nullable(z.object({ serverUrl: z.string(), token: z.string() }));
export type QuickVoiceCredentials = z.infer<typeof QuickVoiceCredentials>;

/** Offscreen → background: the recorder's state changed (the badge follows it). */
export const QuickVoiceState = z.object({
  type: z.literal('quick-voice:state'),
  state: z.enum(['recording', 'transcribing']),
});

/** Offscreen → background: the one-minute warning (the recording goes on). */
export const QuickVoiceWarning = z.object({ type: z.literal('quick-voice:warning'), message: z.string() });

/**
 * Offscreen → background: the note is over, with its transcript (`local` when the server's own recogniser made it)
 * or the spec's text of what went wrong.
 */
export const QuickVoiceDone = z.object({
  type: z.literal('quick-voice:done'),
  text: z.optional(z.string()),
  local: z.optional(z.boolean()),
  error: z.optional(z.object({ code: z.string(), message: z.string() })),
});
export type QuickVoiceDone = z.infer<typeof QuickVoiceDone>;

export const FromOffscreen = z.discriminatedUnion('type', [
  QuickVoiceCredentialsRequest,
  QuickVoiceState,
  QuickVoiceWarning,
  QuickVoiceDone,
]);

/** Background → offscreen: stop recording; copy a transcript; the note is over (refresh the badge). */
export const ToOffscreen = z.discriminatedUnion('type', [
  z.object({ type: z.literal('quick-voice:stop'), target: z.literal('offscreen') }),
  z.object({ type: z.literal('quick-voice:copy'), target: z.literal('offscreen'), text: z.string() }),
  z.object({ type: z.literal('quick-voice:release'), target: z.literal('offscreen') }),
]);
export type ToOffscreen = z.infer<typeof ToOffscreen>;
