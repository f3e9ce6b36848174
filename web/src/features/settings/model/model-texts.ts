import {
  ApiError,
  CONNECTION_KIND_TEXT,
  type ModelSettingsResponse,
  type ModelTestResponse,
} from '@cofounder/shared';
import { localServersUnavailable } from '../../../data/model-settings/use-local-model-servers.ts';

/** Settings → Model's and the chat's local-model offer's words; end-to-end tests import them too. */
export const MODEL_TEXT = {
  intro:
    "The language model that writes your co-founder's replies. A model you connect here answers only you.",
  loading: 'Loading your model settings...',
  loadFailed: 'Could not load your model settings.',
  tryAgain: 'Try again',
  connection: 'Connection',
  choices: { server: 'Server default', ...CONNECTION_KIND_TEXT },
  hints: {
    openai: 'Your own OpenAI API key.',
    compatible: 'Any server that speaks the OpenAI API, by its base URL.',
    local: 'Ollama, LM Studio, llama.cpp or vLLM, found running here.',
  },
  serverDefaultNow: "The server's default answers you now.",
  serverDefaultSwitch: 'Use server default to go back to it; your saved key is deleted.',
  serverDefaultOffline: 'The offline co-founder (no language model).',
  serverDefaultUnnamed: 'The model the server is set up with.',
  localServer: 'Server',
  savedLocalServer: 'Saved server',
  baseUrl: 'Base URL',
  baseUrlPlaceholder: 'https://models.example.com/v1',
  apiKey: 'API key',
  apiKeyOptional: 'API key (optional)',
  openAiKeyPlaceholder: 'sk-...',
  optionalKeyPlaceholder: 'Only if the server asks for one',
  chatModel: 'Chat model',
  chatModelPlaceholder: 'e.g. gpt-4o-mini',
  chooseModel: 'Choose a model',
  separateModels: 'Separate models (optional)',
  researchModel: 'Research model',
  computerModel: 'Computer-use model',
  transcriptionModel: 'Transcription model',
  realtimeModel: 'Voice call model',
  openAiSpeech: "OpenAI's own (whisper-1, gpt-realtime)",
  noSpeech: "None: voice notes use the server's",
  sameAsChat: 'Same as the chat model',
  test: 'Test connection',
  testing: 'Testing...',
  testFailed: 'The connection test failed.',
  save: 'Save',
  saving: 'Saving...',
  useDefault: 'Use server default',
  switchingBack: 'Switching back...',
  backToDefault: "Back to the server's default.",
  connected: 'Connected',
  connecting: 'Connecting...',
  noModelToUse: 'No model to use',
  notNow: 'Not now',
  envNote: "To make it every founder's default instead, set these on the server and restart it:",
  offerLabel: 'A local model is available',
  unreachable: 'Could not reach the server. Check that it is running and try again.',
} as const;

export const nowAnswersWith = (model: string) => `Your co-founder now answers with ${model}.`;
export const labelUseModel = (model: string) => `Use ${model}`;
export const savedKeyPlaceholder = (hint: string) => `Saved key ${hint} — leave empty to keep it`;
export const localOfferText = (server: string, model: string) =>
  `${server} is running on this machine with ${model}.`;

/** What "Server default" stands for on this server. */
export function serverDefaultHint({ mode, model }: ModelSettingsResponse['serverDefault']): string {
  if (mode === 'local') return MODEL_TEXT.serverDefaultOffline;
  return model ? `The server's model, ${model}.` : MODEL_TEXT.serverDefaultUnnamed;
}

/** A passed test: "Connected · 3 models · answered in 340 ms" (no latency when no chat model was tried). */
export function testPassedText({
  models,
  latencyMs,
}: Pick<ModelTestResponse, 'models' | 'latencyMs'>): string {
  const parts = [MODEL_TEXT.connected, `${models.length} ${models.length === 1 ? 'model' : 'models'}`];
  if (latencyMs !== null) parts.push(`answered in ${latencyMs} ms`);
  return parts.join(' · ');
}

/** A failed save, reset or test request: the server's own words (field problems, the SSRF refusal), or offline. */
export function requestErrorText(error: unknown): string {
  return error instanceof ApiError ? error.message : MODEL_TEXT.unreachable;
}

/** A failed load or scan of the local servers in plain words; a 429 carries the server's own text. */
export function scanErrorText(error: unknown): string | null {
  if (!error || localServersUnavailable(error)) return null;
  if (error instanceof ApiError && error.status === 429) return error.message;
  if (error instanceof ApiError) return 'The server could not look for local model servers. Try again.';
  return MODEL_TEXT.unreachable;
}
