import { DEFAULT_INTERN_SETTINGS } from '@cofounder/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { createOpenAiProvider } from '../openai.ts';
import { AiError, type AiProvider, type ChatRequest } from '../port.ts';

type Settings = Partial<Parameters<typeof createOpenAiProvider>[0]>;

/** A fake OpenAI-compatible server for the file's tests (reset before each), and providers pointed at it. */
export function useFakeModelServer(): { fake: () => FakeOpenAi; provider: (over?: Settings) => AiProvider } {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  return {
    fake: () => fake,
    provider: (over = {}) =>
      createOpenAiProvider({ apiKey: 'test', model: 'test-model', baseUrl: fake.baseUrl, timeoutMs: 5000, maxRetries: 0, ...over }),
  };
}

export const request: ChatRequest = {
  system: 'You are Nova.',
  messages: [{ role: 'user', content: 'Hello?' }],
  context: { profile: null, settings: DEFAULT_INTERN_SETTINGS, tasks: [] },
  maxTokens: 123,
};

/** The chunks a stream yielded before it ended or failed, and how it failed. */
export async function drain(stream: AsyncIterable<string>): Promise<{ chunks: string[]; error: unknown }> {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, error: null };
  } catch (error) {
    return { chunks, error };
  }
}

export async function failure(promise: Promise<unknown>): Promise<AiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AiError);
  return err as AiError;
}
