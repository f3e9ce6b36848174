import { z } from 'zod';

// The local voice call (issue 24 §2): the browser streams its microphone to the server over one WebSocket, the
// server ends each turn by voice-activity detection, transcribes it (pocketsphinx), has the co-founder answer as
// the chat does, and speaks the answer (flite). Audio travels as binary messages: the browser sends 16 kHz mono
// 16-bit little-endian PCM (LOCAL_VOICE.sampleRate, frames of LOCAL_VOICE.call.frameMs); the server sends each
// spoken answer as one 16-bit mono PCM WAV file. Everything else is JSON, below.

/** The socket's path on the app's own HTTP server (same origin as the page, so the CSP's 'self' covers it). */
export const LOCAL_CALL_PATH = '/api/voice/local-call';

/** Close codes of the local call socket (4000-4999 is the application range; 4401 reads as "401"). */
export const LOCAL_CALL_CLOSE = {
  /** No `start` with a valid access token in time. (A page of another origin is refused at the handshake: 403.) */
  unauthorized: 4401,
  /** The client broke the protocol (a message that is not one of LocalCallClientMessage, audio before start). */
  badMessage: 4400,
} as const;

/** The call screen's words for what only the local call can go wrong with. */
export const LOCAL_CALL_TEXT = {
  /** The socket closed before or during the call without the server saying why; {code} is the close code. */
  connectionFailed: (code: number | string) => `Local voice call connection failed: ${code}`,
  /** This server has no pocketsphinx / flite (the call screen shows the install command from config as well). */
  unavailable: 'Local voice calls need pocketsphinx and flite installed on this server',
  /** A turn was heard but no words were recognised in it. */
  notHeard: "I didn't catch that. Please say it again.",
} as const;

/** Messages the browser sends as text. The first must be `start`; audio frames are binary. */
export const LocalCallClientMessage = z.discriminatedUnion('type', [
  /** Browsers cannot set Authorization on a WebSocket: the access token comes in the first message. */
  z.object({ type: z.literal('start'), token: z.string().min(1).max(8192) }),
  /** While muted the browser sends no audio; the turn in progress ends here instead of waiting for silence. */
  z.object({ type: z.literal('mute'), muted: z.boolean() }),
  /** Hang up: the server ends and meters the call, then closes. */
  z.object({ type: z.literal('end') }),
]);
export type LocalCallClientMessage = z.infer<typeof LocalCallClientMessage>;

/** Messages the server sends as text (each spoken answer follows its intern transcript as one binary WAV). */
export const LocalCallServerMessage = z.discriminatedUnion('type', [
  /** The call is reserved and metered from now; it is cut at maxSeconds. */
  z.object({ type: z.literal('ready'), callId: z.string(), maxSeconds: z.number().int().positive() }),
  /** The founder's turn as recognised (role user), or the co-founder's answer (role intern). */
  z.object({
    type: z.literal('transcript'),
    role: z.enum(['user', 'intern']),
    text: z.string(),
    /** intern only: the model's name, or 'offline' for the offline co-founder ("Offline draft"). */
    producedBy: z.string().nullable().optional(),
    /** intern only: tasks the answer created (planned from the request, as in the chat). */
    tasksCreated: z.number().int().nonnegative().optional(),
  }),
  /** The founder started speaking while an answer played: the browser stops playback at once. */
  z.object({ type: z.literal('barge_in') }),
  /** Something failed for this turn only; the call goes on. */
  z.object({ type: z.literal('error'), message: z.string() }),
  /** The server ended the call (refused, limit reached, hung up); `error` is shown in the banner. */
  z.object({ type: z.literal('ended'), error: z.string().nullable() }),
]);
export type LocalCallServerMessage = z.infer<typeof LocalCallServerMessage>;
