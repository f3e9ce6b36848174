import { scrub } from '../../voice/errors.ts';
import { AiError } from '../port.ts';
import { loadedOpenAiSdk } from './sdk.ts';

/**
 * An SDK failure as the founder should read it. 429 is "slow down" (the SDK has already retried with back-off);
 * a 404 is "model not found" only when the server says so (OpenAI's model_not_found code, Ollama's "model … not
 * found"): a 404 for a missing endpoint (no Responses API) stays "not available".
 */
export function toAiError(err: unknown, { model, apiKey }: { model: string; apiKey: string }): AiError {
  if (err instanceof AiError) return err;
  const OpenAI = loadedOpenAiSdk()?.default;
  if (!OpenAI) return new AiError('unavailable', { cause: err }); // the SDK never loaded: not one of its errors
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new AiError('timeout', { cause: err });
  if (err instanceof OpenAI.APIConnectionError) return new AiError('unreachable', { cause: err });
  if (!(err instanceof OpenAI.APIError) || err.status === undefined) return new AiError('unavailable', { cause: err });
  // The cause is logged with its message, and a 401's message quotes the key: keep the server's words, not the key.
  const said = apiKey ? scrub(err.message, apiKey) : err.message;
  const cause = Object.assign(new Error(said), { status: err.status, code: err.code });
  if (err.status === 429) return new AiError('rate_limited', { cause });
  if (err.status === 401) return new AiError('bad_key', { cause });
  if (err.status === 404 && (err.code === 'model_not_found' || /\bmodel\b/i.test(err.message))) {
    return new AiError('model_not_found', { cause, model });
  }
  return new AiError('unavailable', { cause });
}

/** The server refused the json_schema response_format (local servers often do): ask for JSON in the text instead. */
export function rejectsResponseFormat(err: unknown): boolean {
  const OpenAI = loadedOpenAiSdk()?.default;
  return (
    !!OpenAI &&
    err instanceof OpenAI.APIError &&
    (err.status === 400 || err.status === 422) &&
    /response_format|json_schema/i.test(err.message)
  );
}
