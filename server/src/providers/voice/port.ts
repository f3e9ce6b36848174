import type { ReadStream } from 'node:fs';
import type { VoiceEngine } from '@cofounder/shared';

// The voice provider port: speech to text for uploads, and short-lived client secrets with which the browser
// opens a realtime (WebRTC) call directly with the provider. The server never carries the call's audio.

export interface TranscribeInput {
  /** The recording: a temp file being streamed, or bytes already in memory. */
  file: ReadStream | Buffer;
  /** Its name with an extension the provider knows (recording.webm): providers read the format from it. */
  filename: string;
  mimeType: string;
  /** ISO-639-1, e.g. 'en'. */
  language?: string;
  /** Words and spelling to expect (names, jargon). */
  prompt?: string;
  /** Whose voice it is (the founder's id): a local recogniser adapts to each speaker's microphone. */
  speaker?: string;
  /** Aborts when nobody waits for the words any more (the founder's client went away): the work is dropped. */
  signal?: AbortSignal;
  /**
   * The most audio the founder may have transcribed (the recording limit, or their minutes left): a provider that
   * decodes on this machine stops there (VoiceProviderError 413). Default: VOICE.maxRecordingSeconds.
   */
  maxSeconds?: number;
}

export interface Transcription {
  text: string;
  /** Seconds of audio, when the provider says. */
  duration: number | null;
}

/** A function the realtime model may call; the browser runs it and sends the output back on the data channel. */
export interface RealtimeTool {
  type: 'function';
  name: string;
  description: string;
  /** JSON schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ClientSecretInput {
  instructions: string;
  tools: RealtimeTool[];
  voice: string;
  model: string;
}

export interface ClientSecret {
  /** 'ek_…': the browser sends it as its bearer to `callsUrl`. */
  value: string;
  /** Unix seconds. */
  expiresAt: number;
}

export interface VoiceProvider {
  /** false: nothing is configured; every method throws VoiceProviderError (status 503). */
  readonly available: boolean;
  /** 'openai': OpenAI's speech API (calls are realtime WebRTC); 'local': this machine (calls over the local call socket). */
  readonly engine: VoiceEngine | null;
  /** What transcribes, as the status answer names it ('whisper-1', 'pocketsphinx'); '' when unavailable. */
  readonly transcriber: string;
  /** Why voice is off (shown in the UI), null when available. */
  readonly unavailableReason: string | null;
  /** One line for the start-up banner. */
  readonly describe: string;
  /** Where the browser POSTs its SDP offer (bearer: a client secret); the answer SDP comes back. */
  readonly callsUrl: string;
  /** The realtime model its calls run on ('' when it has none). */
  readonly realtimeModel: string;
  transcribe(input: TranscribeInput): Promise<Transcription>;
  createClientSecret(input: ClientSecretInput): Promise<ClientSecret>;
}

/**
 * Every provider failure, whatever the adapter. `status` is the provider's HTTP status (or 502 when it could not
 * be reached, 503 when voice is not configured); `message` is safe to show and never carries the API key.
 */
export class VoiceProviderError extends Error {
  override name = 'VoiceProviderError';
  constructor(
    message: string,
    readonly status: number,
    /** The provider's error code when it gave one (e.g. 'invalid_file_format'), for routes that tell cases apart. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** What a founder uses voice for: each may come from their own connection or from the server's default. */
export type VoiceUse = 'transcription' | 'calls';

/**
 * Who serves a founder's voice, asked per request like AiModels: their own connection when it offers that use
 * (OpenAI does; another server when the founder named its speech model), else the server's default.
 */
export interface VoiceModels {
  readonly serverDefault: VoiceProvider;
  forUser(userId: string, use: VoiceUse): Promise<VoiceProvider>;
}

/** Every founder served by the same provider (tests that need no per-founder voice). */
export const fixedVoice = (provider: VoiceProvider): VoiceModels => ({ serverDefault: provider, forUser: async () => provider });
