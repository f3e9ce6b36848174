import type { Config } from '../../config.ts';
import { detectLocalSpeech } from './local/detect.ts';
import { createLocalSpeech, type LocalSpeech } from './local/local-speech.ts';
import { createLocalVoiceProvider } from './local/local-voice.ts';
import { createOpenAiVoiceProvider } from './openai.ts';
import type { VoiceProvider } from './port.ts';
import { createUnavailableVoiceProvider } from './unavailable.ts';

export interface ServerVoice {
  provider: VoiceProvider;
  /** Speech on this machine when pocketsphinx and flite are installed (the local call needs it even with a key). */
  localSpeech: LocalSpeech | null;
}

/**
 * OpenAI speech when a voice key is configured (VOICE_OPENAI_API_KEY, else OPENAI_API_KEY); else pocketsphinx and
 * flite on this machine when installed; else off, with the install command as the reason.
 */
export function createServerVoice(config: Config, detection = detectLocalSpeech()): ServerVoice {
  const localSpeech = detection.found ? createLocalSpeech(detection.tools) : null;
  const { apiKey } = config.voice;
  if (apiKey) return { provider: createOpenAiVoiceProvider({ ...config.voice, apiKey }), localSpeech };
  if (localSpeech) return { provider: createLocalVoiceProvider(localSpeech), localSpeech };
  return { provider: createUnavailableVoiceProvider(detection.found ? null : detection.reason), localSpeech };
}
