import { readFile } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { LOCAL_VOICE, VOICE_TEXT } from '@cofounder/shared';
import { VoiceProviderError, type VoiceProvider } from '../port.ts';
import type { LocalSpeech } from './local-speech.ts';
import { parseWav, resample } from './wav.ts';

async function bytesOf(file: ReadStream | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(file)) return file;
  const path = typeof file.path === 'string' ? file.path : file.path.toString();
  file.destroy(); // read whole: the recogniser takes a file of its own format
  return readFile(path);
}

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

    async transcribe({ file, speaker }) {
      const pcm = parseWav(await bytesOf(file));
      if (!pcm) throw new VoiceProviderError(VOICE_TEXT.localUploadFormat, 400, 'invalid_file_format');
      try {
        const { text, seconds } = await speech.recognizer.recognize(resample(pcm, LOCAL_VOICE.sampleRate), speaker);
        return { text, duration: Math.round(seconds * 10) / 10 };
      } catch (err) {
        throw new VoiceProviderError(`Local transcription failed: ${(err as Error).message}`, 500);
      }
    },

    createClientSecret: () =>
      Promise.reject(new VoiceProviderError('Local voice calls run over the local call socket, not a realtime secret', 501)),
  };
}
