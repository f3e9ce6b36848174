import { z } from 'zod';
import { PRIORITY, VOICE } from '../constants.ts';
import { VoiceEngine } from './config.ts';
import { PlannedTask } from './task.ts';

export { VOICE_TEXT } from './voice-text.ts';



/** POST /api/transcribe (JSON): base64 audio; model is always whisper-1. */
export const TranscribeBody = z
  .object({
    audio_data: z.string().min(1, 'audio_data is required'),
    model: z.literal(VOICE.transcriptionModel).default(VOICE.transcriptionModel),
    /** The recording's MIME type (defaults to webm/opus). */
    mimeType: z.string().max(100).optional(),
    language: z.string().regex(/^[a-z]{2}$/).optional(),
    prompt: z.string().max(1000).optional(),
  })
  .strict();
export type TranscribeBody = z.infer<typeof TranscribeBody>;

/** Success: the transcript and the audio's duration in seconds. */
export const TranscribeResponse = z.object({ transcript: z.string(), duration: z.number() });
export type TranscribeResponse = z.infer<typeof TranscribeResponse>;

/** Failure body of /api/transcribe and /transcription (413 carries the estimated duration in seconds). */
export const TranscribeFailure = z.object({
  error: z.string(),
  message: z.string(),
  estimatedDuration: z.number().optional(),
});
export type TranscribeFailure = z.infer<typeof TranscribeFailure>;

/** GET /transcription/status: whether this founder can transcribe, with what, and why not when they cannot. */
export const TranscriptionStatus = z.object({
  available: z.boolean(),
  engine: VoiceEngine.nullable().default(null),
  /** e.g. 'pocketsphinx' or 'whisper-1'; null when unavailable. */
  provider: z.string().nullable().default(null),
  /** Why voice is off (e.g. the install command), null when available. */
  reason: z.string().nullable().default(null),
});
export type TranscriptionStatus = z.infer<typeof TranscriptionStatus>;

/** POST /transcription (multipart: audio, optional language and prompt). */
export const TranscriptionResponse = z.object({ success: z.literal(true), text: z.string(), duration: z.number() });
export type TranscriptionResponse = z.infer<typeof TranscriptionResponse>;

/**
 * GET /api/realtime-voice/session?userId=: a short-lived client secret for the provider's realtime API, where the
 * browser POSTs its SDP offer (`realtime.callsUrl`), the call's id, and how long it may last (the plan's minutes left).
 */
export const RealtimeSession = z.object({
  client_secret: z.object({ value: z.string(), expires_at: z.number() }),
  callId: z.string(),
  realtime: z.object({ callsUrl: z.string(), model: z.string(), voice: z.string() }),
  /** Seconds the call may last; the page ends it with VOICE_TEXT.callLimitReached when they run out. */
  maxSeconds: z.number().int().min(0),
});
export type RealtimeSession = z.infer<typeof RealtimeSession>;
/** The session's query: the caller's own user id (spec 1 §7 names it in the URL). */
export const RealtimeSessionQuery = z.object({ userId: z.string().min(1) });

/** POST /api/realtime-voice/cleanup on hang-up and page exit: ends the call and meters its minutes. */
export const RealtimeCleanupBody = z.object({ userId: z.string(), callId: z.string().optional() }).strict();
export type RealtimeCleanupBody = z.infer<typeof RealtimeCleanupBody>;

/** POST /api/realtime-voice/transcript: finished utterances of a call, saved into the conversation as they end. */
export const CallTranscriptBody = z
  .object({
    callId: z.string(),
    items: z
      .array(z.object({ role: z.enum(['user', 'intern']), text: z.string().trim().min(1).max(10_000) }))
      .min(1)
      .max(50),
  })
  .strict();
export type CallTranscriptBody = z.infer<typeof CallTranscriptBody>;

/** The function tool a call session declares: things the founder asks for become tasks. */
export const CALL_TOOLS = { createTask: 'create_task' } as const;
/** Like a chat plan's task (the model picks the agent and platforms); priority defaults to the middle. */
export const CreateTaskToolArgs = PlannedTask.extend({
  description: z.string().trim().min(3).max(500),
  priority: PlannedTask.shape.priority.default(PRIORITY.medium.min),
});

/** POST /api/realtime-voice/tool: runs a function call the realtime session asked for; `output` goes back to it. */
export const CallToolBody = z
  .object({ callId: z.string(), name: z.string().max(64), arguments: z.string().max(10_000) })
  .strict();
export type CallToolBody = z.infer<typeof CallToolBody>;
export const CallToolResponse = z.object({ success: z.literal(true), output: z.string() });
export type CallToolResponse = z.infer<typeof CallToolResponse>;
