import type { ReadStream } from 'node:fs';
import { LOCAL_VOICE, VOICE, VOICE_TEXT } from '@cofounder/shared';
import { VoiceProviderError, type VoiceProvider } from '../port.ts';
import type { LocalSpeech } from './local-speech.ts';
import { AudioTooLongError, openWavStream } from './wav-stream.ts';

/** The recording as it is read: a temp file's chunks, or the bytes already in memory. */
const chunksOf = (file: ReadStream | Buffer): AsyncIterable<Buffer> =>
  Buffer.isBuffer(file) ? (async function* () { yield file; })() : file;

/**
 * The voice provider when no speech key is configured: voice notes transcribed by pocketsphinx on this machine.
 * Calls do not mint realtime secrets; the call screen holds a local call over the server's socket instead.
 */
export function createLocalVoiceProvider(speech: LocalSpeech): VoiceProvider {
  return {
    available: true,
    engine: 'local',
    transcriber: 'pocketsphinx',
    unavailableReason: null,
    describe: `local (${LOCAL_VOICE.providerName})`,
    callsUrl: '',
    realtimeModel: '',

    async transcribe({ file, speaker, signal, maxSeconds = VOICE.maxRecordingSeconds }) {
      // Only the header is read here: the samples are decoded in the recording's turn, into the recogniser's file.
      const wav = await openWavStream(chunksOf(file));
      if (!wav) throw new VoiceProviderError(VOICE_TEXT.localUploadFormat, 400, 'invalid_file_format');
      try {
        const chunks = wav.samples(LOCAL_VOICE.sampleRate, maxSeconds);
        const { text, seconds } = await speech.recognizer.recognizeStream({ chunks, maxSeconds }, speaker, signal);
        return { text, duration: Math.round(seconds * 10) / 10 };
      } catch (err) {
        if (err instanceof AudioTooLongError) throw new VoiceProviderError(VOICE_TEXT.tooLarge, 413, 'audio_too_long');
        throw new VoiceProviderError(`Local transcription failed: ${(err as Error).message}`, 500);
      } finally {
        await wav.close(); // a recording dropped from the line is never read to its end
      }
    },

    createClientSecret: () =>
      Promise.reject(new VoiceProviderError('Local voice calls run over the local call socket, not a realtime secret', 501)),
  };
}
