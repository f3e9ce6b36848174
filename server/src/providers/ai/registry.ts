import type { Config } from '../../config.ts';
import { createOfflineProvider } from './offline.ts';
import { createOpenAiProvider } from './openai.ts';
import type { AiProvider } from './port.ts';

/** A real model exactly when OPENAI_API_KEY is set; the offline co-founder otherwise. */
export function createAiProvider(config: Config): AiProvider {
  const { apiKey } = config.ai;
  return apiKey ? createOpenAiProvider({ ...config.ai, apiKey }) : createOfflineProvider({ searchUrl: config.vm.searchUrl });
}
