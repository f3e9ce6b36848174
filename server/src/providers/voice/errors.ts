import { loadedOpenAiSdk } from '../ai/openai/sdk.ts';
import { VoiceProviderError } from './port.ts';

// OpenAI's 401 message quotes part of the key ("Incorrect API key provided: sk-ab***yz"), so only the messages of
// client errors about the request itself are passed on, and even those are scrubbed of anything key-shaped.
const KEY_SHAPED = /\b(?:sk|ek|rk)[-_][A-Za-z0-9_*.-]{4,}/g;

const FIXED: Record<number, string> = {
  401: 'The voice service rejected the server credentials',
  403: 'The voice service refused access for these credentials',
  429: 'The voice service is busy right now. Please try again in a moment.',
};
const UNREACHABLE = 'The voice service could not be reached. Please try again.';
const SERVER_FAILED = 'The voice service failed. Please try again.';

export function scrub(message: string, apiKey: string): string {
  return message.split(apiKey).join('[redacted]').replace(KEY_SHAPED, '[redacted]');
}

/** Any SDK failure as a VoiceProviderError whose message is safe to log and show. */
export function toVoiceError(err: unknown, apiKey: string): VoiceProviderError {
  if (err instanceof VoiceProviderError) return err;
  const OpenAI = loadedOpenAiSdk()?.default; // not loaded: the error cannot be one of its
  if (!OpenAI || !(err instanceof OpenAI.APIError) || err.status === undefined) return new VoiceProviderError(UNREACHABLE, 502);
  const { status } = err;
  const code = typeof err.code === 'string' ? err.code : null;
  if (FIXED[status]) return new VoiceProviderError(FIXED[status], status, code);
  if (status >= 500) return new VoiceProviderError(SERVER_FAILED, status, code);
  const said = (err.error as { message?: unknown } | undefined)?.message;
  const message = typeof said === 'string' && said.trim() ? scrub(said, apiKey) : `The voice service refused the request (${status})`;
  return new VoiceProviderError(message, status, code);
}
