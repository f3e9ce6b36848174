import type { AiError } from '../port.ts';
import { toAiError } from './errors.ts';
import { BlockedAddressError } from './guarded-fetch.ts';
import { openAiSdk } from './sdk.ts';

export interface ConnectionTarget {
  baseUrl: string;
  apiKey: string | null;
  fetch: typeof fetch;
  /** Each call's whole budget; nothing is retried (a test says what happened the first time). */
  timeoutMs: number;
}

export interface ConnectionProbe {
  /** GET {base}/models; empty when the server lists none or has no such endpoint. */
  models: string[];
  /** The one-token completion's round trip; null when it did not run or failed. */
  latencyMs: number | null;
  failure: AiError | BlockedAddressError | null;
}

/** The refusal of the SSRF rule, wherever the SDK wrapped it. */
function blockedIn(err: unknown): BlockedAddressError | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof BlockedAddressError) return e;
  return null;
}

/**
 * Test connection: the server's model list, then (given a chat model) a one-token completion, timed. The first
 * failure ends the test; a server without a models endpoint (404) still gets its completion tried.
 */
export async function probeConnection(target: ConnectionTarget, chatModel: string | undefined, now = performance.now.bind(performance)): Promise<ConnectionProbe> {
  const { default: OpenAI } = await openAiSdk();
  const client = new OpenAI({
    apiKey: target.apiKey ?? 'none',
    ...(target.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
    organization: null,
    project: null,
    baseURL: target.baseUrl,
    timeout: target.timeoutMs,
    maxRetries: 0,
    fetch: target.fetch,
  });
  const failed = (err: unknown, model = chatModel ?? ''): AiError | BlockedAddressError =>
    blockedIn(err) ?? toAiError(err, { model, apiKey: target.apiKey ?? '' });

  const models: string[] = [];
  try {
    for await (const model of client.models.list()) models.push(model.id);
  } catch (err) {
    const noEndpoint = err instanceof OpenAI.NotFoundError;
    if (!noEndpoint) return { models: [], latencyMs: null, failure: failed(err) };
  }
  if (!chatModel) return { models, latencyMs: null, failure: null };
  const started = now();
  try {
    await client.chat.completions.create({ model: chatModel, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 1 });
  } catch (err) {
    return { models, latencyMs: null, failure: failed(err) };
  }
  return { models, latencyMs: Math.round(now() - started), failure: null };
}
