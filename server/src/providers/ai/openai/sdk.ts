import type * as OpenAiSdk from 'openai';
import type { ClientOptions, default as OpenAI } from 'openai';

// The OpenAI SDK (some 150 modules) loads with the first request to a model or voice server, not at start-up:
// a server on the offline model, or one no founder has talked to yet, never pays for it.
let sdk: typeof OpenAiSdk | null = null;

/** The SDK module once loaded; null before any client exists, when no error can be one of its classes yet. */
export const loadedOpenAiSdk = (): typeof OpenAiSdk | null => sdk;

/** Loads the SDK (once). */
export async function openAiSdk(): Promise<typeof OpenAiSdk> {
  return (sdk ??= await import('openai'));
}

/** A client made at its first use, then kept. */
export function lazyOpenAiClient(options: ClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | null = null;
  return () => (client ??= openAiSdk().then(({ default: Sdk }) => new Sdk(options)));
}
