import type { ReadStream } from 'node:fs';

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
  /** One line for the start-up banner. */
  readonly describe: string;
  /** Where the browser POSTs its SDP offer (bearer: a client secret); the answer SDP comes back. */
  readonly callsUrl: string;
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
