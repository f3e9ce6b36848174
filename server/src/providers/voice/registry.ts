import type { Config } from '../../config.ts';
import { createOpenAiVoiceProvider } from './openai.ts';
import type { VoiceProvider } from './port.ts';
import { createUnavailableVoiceProvider } from './unavailable.ts';

/** OpenAI speech exactly when a voice key is configured (VOICE_OPENAI_API_KEY, else OPENAI_API_KEY); off otherwise. */
export function createVoiceProvider(config: Config): VoiceProvider {
  const { apiKey } = config.voice;
  return apiKey ? createOpenAiVoiceProvider({ ...config.voice, apiKey }) : createUnavailableVoiceProvider();
}
