import type { ReadStream } from 'node:fs';
import { VOICE } from '@cofounder/shared';
import { VoiceProviderError, type VoiceProvider } from '../../providers/voice/port.ts';
import { audioFormatOf, estimatedSeconds } from './audio-format.ts';
import { fail, providerFailure } from './failures.ts';

export interface AudioToTranscribe {
  file: ReadStream | Buffer;
  bytes: number;
  /** The first bytes (the format check). */
  head: Buffer;
  language?: string;
  prompt?: string;
  /** The founder speaking: a local recogniser starts from their microphone's last estimate. */
  speaker: string;
}

/**
 * The checks and the provider call both transcription endpoints share: empty → 400, not audio → 400, then
 * the provider (its failures mapped to the flat bodies). The duration falls back to an estimate from the size.
 */
export async function transcribeAudio(voice: VoiceProvider, audio: AudioToTranscribe): Promise<{ text: string; duration: number }> {
  if (audio.bytes === 0) throw fail.empty();
  // The bytes decide the format; the browser's file name and MIME type are only hints.
  const format = audioFormatOf(audio.head);
  if (!format) throw fail.unsupported();
  try {
    const result = await voice.transcribe({
      file: audio.file,
      filename: `recording.${format.ext}`,
      mimeType: format.mimeType,
      language: audio.language,
      prompt: audio.prompt,
      speaker: audio.speaker,
    });
    return { text: result.text, duration: result.duration ?? estimatedSeconds(audio.bytes, VOICE.recordingBitsPerSecond) };
  } catch (err) {
    if (err instanceof VoiceProviderError) throw providerFailure(err);
    throw err;
  }
}
