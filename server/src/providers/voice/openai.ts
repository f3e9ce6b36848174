import OpenAI, { toFile } from 'openai';
import { VOICE } from '@cofounder/shared';
import type { Config } from '../../config.ts';
import { toVoiceError } from './errors.ts';
import type { VoiceProvider } from './port.ts';

/** OpenAI's speech endpoints through the official SDK: whisper transcription and GA realtime client secrets. */
export function createOpenAiVoiceProvider(voice: Config['voice'] & { apiKey: string }): VoiceProvider {
  const client = new OpenAI({
    apiKey: voice.apiKey,
    baseURL: voice.baseUrl ?? undefined,
    timeout: voice.timeoutMs,
    maxRetries: voice.maxRetries,
  });
  const fail = (err: unknown) => toVoiceError(err, voice.apiKey);

  return {
    available: true,
    describe: `real (${VOICE.transcriptionModel} and ${VOICE.realtimeModel} at ${voice.baseUrl ?? 'api.openai.com'})`,
    callsUrl: `${client.baseURL.replace(/\/+$/, '')}/realtime/calls`,

    async transcribe({ file, filename, mimeType, language, prompt }) {
      try {
        const res = await client.audio.transcriptions.create({
          file: await toFile(file, filename, { type: mimeType }),
          model: VOICE.transcriptionModel,
          language,
          prompt,
          // verbose_json is the format that carries the audio's duration.
          response_format: 'verbose_json',
        });
        return { text: res.text, duration: typeof res.duration === 'number' ? res.duration : null };
      } catch (err) {
        throw fail(err);
      }
    },

    async createClientSecret({ instructions, tools, voice: outputVoice, model }) {
      try {
        const res = await client.realtime.clientSecrets.create({
          expires_after: { anchor: 'created_at', seconds: VOICE.clientSecretTtlSeconds },
          session: {
            type: 'realtime',
            model,
            instructions,
            audio: {
              input: { transcription: { model: VOICE.transcriptionModel } },
              output: { voice: outputVoice },
            },
            tools,
          },
        });
        return { value: res.value, expiresAt: res.expires_at };
      } catch (err) {
        throw fail(err);
      }
    },
  };
}
