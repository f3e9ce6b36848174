import { SuccessResponse } from '../../schemas/common.ts';
import {
  CallToolBody,
  CallToolResponse,
  CallTranscriptBody,
  RealtimeCleanupBody,
  RealtimeSession,
  RealtimeSessionQuery,
  TranscribeBody,
  TranscribeResponse,
  TranscriptionResponse,
  TranscriptionStatus,
} from '../../schemas/voice.ts';
import { MULTIPART, type Endpoints } from './define.ts';

/** Speech to text and realtime calls (spec 1 §7). Transcription failures answer a flat { error, message }. */
export const voiceEndpoints = {
  /** For the signed-in founder: their own connection may offer speech where the server has none. */
  transcriptionStatus: {
    method: 'GET',
    path: '/transcription/status',
    auth: 'bearer',
    response: TranscriptionStatus,
  },
  /** Parts: audio (the recording), optional language and prompt. Outside /api: requireUser checks the bearer. */
  transcribe: {
    method: 'POST',
    path: '/transcription',
    auth: 'bearer',
    body: MULTIPART,
    response: TranscriptionResponse,
  },
  /** The same for base64 audio in JSON (its body cap is raised in app.ts). */
  transcribeJson: {
    method: 'POST',
    path: '/api/transcribe',
    auth: 'bearer',
    body: TranscribeBody,
    response: TranscribeResponse,
  },

  realtimeSession: {
    method: 'GET',
    path: '/api/realtime-voice/session',
    auth: 'bearer',
    query: RealtimeSessionQuery,
    response: RealtimeSession,
  },
  realtimeCleanup: {
    method: 'POST',
    path: '/api/realtime-voice/cleanup',
    auth: 'bearer',
    body: RealtimeCleanupBody,
    response: SuccessResponse,
  },
  saveCallTranscript: {
    method: 'POST',
    path: '/api/realtime-voice/transcript',
    auth: 'bearer',
    body: CallTranscriptBody,
    response: SuccessResponse,
  },
  runCallTool: {
    method: 'POST',
    path: '/api/realtime-voice/tool',
    auth: 'bearer',
    body: CallToolBody,
    response: CallToolResponse,
  },
} as const satisfies Endpoints;
