import type { ReadStream } from 'node:fs';
import { VOICE } from '@cofounder/shared';
import { VoiceProviderError, type VoiceProvider } from '../../providers/voice/port.ts';
import { admitAudio } from './audio-admission.ts';
import { audioFormatOf, estimatedSeconds } from './audio-format.ts';
import { fail, providerFailure } from './failures.ts';

export interface AudioToTranscribe {
  file: ReadStream | Buffer;
  bytes: number;
  /** The first bytes (the format check, and a WAV's header). */
  head: Buffer;
  language?: string;
  prompt?: string;
  /** The founder speaking: a local recogniser starts from their microphone's last estimate. */
  speaker: string;
  /** The founder's voice seconds left this month (null: no limit). */
  secondsLeft: number | null;
  /** Aborts when the client is gone. */
  signal: AbortSignal;
}

/**
 * The checks and the provider call both transcription endpoints share: empty → 400, not audio → 400, longer than
 * allowed → 413 / 429 (audio-admission.ts), then the provider (its failures mapped to the flat bodies); a client
 * gone meanwhile → dropped. The duration falls back to an estimate from the size.
 */
export async function transcribeAudio(voice: VoiceProvider, audio: AudioToTranscribe): Promise<{ text: string; duration: number }> {
  if (audio.bytes === 0) throw fail.empty();
  // The bytes decide the format; the browser's file name and MIME type are only hints.
  const format = audioFormatOf(audio.head);
  if (!format) throw fail.unsupported();
  const maxSeconds = admitAudio(audio.head, audio.bytes, audio.secondsLeft);
  try {
    audio.signal.throwIfAborted();
    const result = await voice.transcribe({
      file: audio.file,
      filename: `recording.${format.ext}`,
      mimeType: format.mimeType,
      language: audio.language,
      prompt: audio.prompt,
      speaker: audio.speaker,
      signal: audio.signal,
      maxSeconds,
    });
    return { text: result.text, duration: result.duration ?? estimatedSeconds(audio.bytes, VOICE.recordingBitsPerSecond) };
  } catch (err) {
    if (audio.signal.aborted) throw fail.abandoned();
    if (err instanceof VoiceProviderError) throw providerFailure(err);
    throw err;
  }
}
