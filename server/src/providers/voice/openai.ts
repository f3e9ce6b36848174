import { MODEL_SETTINGS, VOICE } from '@cofounder/shared';
import type { Config } from '../../config.ts';
import { lazyOpenAiClient, openAiSdk } from '../ai/openai/sdk.ts';
import { toVoiceError } from './errors.ts';
import type { VoiceProvider } from './port.ts';

export type OpenAiVoiceSettings = Config['voice'] & {
  apiKey: string;
  /** Defaults: VOICE.transcriptionModel and VOICE.realtimeModel (a founder may name others). */
  transcriptionModel?: string;
  realtimeModel?: string;
  /** How requests go out (a founder's own server: the SSRF-guarded fetch); the global fetch otherwise. */
  fetch?: typeof fetch;
};

/** OpenAI's speech endpoints through the official SDK: whisper transcription and GA realtime client secrets. */
export function createOpenAiVoiceProvider(voice: OpenAiVoiceSettings): VoiceProvider {
  // Named here, not left to the SDK (which would read OPENAI_BASE_URL): the calls URL is known before it loads.
  const baseUrl = voice.baseUrl ?? MODEL_SETTINGS.openAiBaseUrl;
  const client = lazyOpenAiClient({
    apiKey: voice.apiKey,
    organization: null,
    project: null,
    baseURL: baseUrl,
    timeout: voice.timeoutMs,
    maxRetries: voice.maxRetries,
    ...(voice.fetch ? { fetch: voice.fetch } : {}),
  });
  const fail = (err: unknown) => toVoiceError(err, voice.apiKey);
  const transcriptionModel = voice.transcriptionModel ?? VOICE.transcriptionModel;
  const realtimeModel = voice.realtimeModel ?? VOICE.realtimeModel;

  return {
    available: true,
    engine: 'openai',
    transcriber: transcriptionModel,
    unavailableReason: null,
    describe: `real (${transcriptionModel} and ${realtimeModel} at ${voice.baseUrl ?? 'api.openai.com'})`,
    callsUrl: `${baseUrl.replace(/\/+$/, '')}/realtime/calls`,
    realtimeModel,

    async transcribe({ file, filename, mimeType, language, prompt, signal }) {
      try {
        const { toFile } = await openAiSdk();
        const res = await (await client()).audio.transcriptions.create(
          {
            file: await toFile(file, filename, { type: mimeType }),
            model: transcriptionModel,
            language,
            prompt,
            // verbose_json is the format that carries the audio's duration.
            response_format: 'verbose_json',
          },
          { signal },
        );
        return { text: res.text, duration: typeof res.duration === 'number' ? res.duration : null };
      } catch (err) {
        throw fail(err);
      }
    },

    async createClientSecret({ instructions, tools, voice: outputVoice, model }) {
      try {
        const res = await (await client()).realtime.clientSecrets.create({
          expires_after: { anchor: 'created_at', seconds: VOICE.clientSecretTtlSeconds },
          session: {
            type: 'realtime',
            model,
            instructions,
            audio: {
              input: { transcription: { model: transcriptionModel } },
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
