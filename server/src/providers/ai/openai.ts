import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AiError, type AiProvider, type AiUsage, type ChatRequest, type StructuredRequest } from './port.ts';
import { usageOf } from './pricing.ts';

// Keywords OpenAI's strict structured outputs refuse; zod still enforces them when the answer is parsed.
const UNSUPPORTED_IN_STRICT = new Set(['$schema', 'default', 'minLength', 'maxLength']);

function stripUnsupported(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripUnsupported);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !UNSUPPORTED_IN_STRICT.has(key))
      .map(([key, value]) => [key, stripUnsupported(value)]),
  );
}

/** The JSON schema sent as response_format (objects already come out closed and fully required from zod). */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return stripUnsupported(z.toJSONSchema(schema)) as Record<string, unknown>;
}

/** 429 is "slow down" (the SDK has already retried with back-off); anything else means "not available now". */
function toAiError(err: unknown): AiError {
  if (err instanceof AiError) return err;
  if (err instanceof OpenAI.APIError && err.status === 429) return new AiError('rate_limited', { cause: err });
  return new AiError('unavailable', { cause: err });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio) through the official SDK. */
export function createOpenAiProvider(ai: Config['ai'] & { apiKey: string }): AiProvider {
  const client = new OpenAI({
    apiKey: ai.apiKey,
    baseURL: ai.baseUrl ?? undefined,
    timeout: ai.timeoutMs,
    maxRetries: ai.maxRetries,
  });
  const messagesOf = (r: ChatRequest): ChatCompletionMessageParam[] => [{ role: 'system', content: r.system }, ...r.messages];

  async function complete(r: ChatRequest): Promise<string> {
    let text: string | null | undefined;
    try {
      const res = await client.chat.completions.create(
        { model: ai.model, messages: messagesOf(r), max_tokens: r.maxTokens },
        { signal: r.signal },
      );
      text = res.choices[0]?.message.content;
    } catch (err) {
      throw toAiError(err);
    }
    if (!text?.trim()) throw new AiError('empty');
    return text;
  }

  return {
    mode: 'real',
    describe: `real (${ai.model} at ${ai.baseUrl ?? 'api.openai.com'})`,

    async *streamChat(r) {
      let produced = false;
      try {
        const stream = await client.chat.completions.create(
          { model: ai.model, messages: messagesOf(r), max_tokens: r.maxTokens, stream: true },
          { signal: r.signal },
        );
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta.content;
          if (!text) continue;
          produced = true;
          yield text;
        }
      } catch (err) {
        throw toAiError(err);
      }
      if (!produced) throw new AiError('empty');
    },

    complete,

    async structured<S extends z.ZodType>(r: StructuredRequest<S>): Promise<z.output<S>> {
      return (await structuredWithUsage(r)).value;
    },

    structuredWithUsage,
  };

  async function structuredWithUsage<S extends z.ZodType>(r: StructuredRequest<S>): Promise<{ value: z.output<S>; usage: AiUsage }> {
    const responseFormat = {
      type: 'json_schema' as const,
      json_schema: { name: r.name, schema: strictJsonSchema(r.schema), strict: true },
    };
    // A model can still emit JSON that misses the schema (compatible servers may ignore `strict`): ask once more.
    // Both answers are paid for, so both count.
    const spent = { prompt: 0, completion: 0 };
    for (let attempt = 0; attempt < 2; attempt++) {
      let content: string | null | undefined;
      try {
        const res = await client.chat.completions.create(
          { model: ai.model, messages: messagesOf(r), max_tokens: r.maxTokens, response_format: responseFormat },
          { signal: r.signal },
        );
        content = res.choices[0]?.message.content;
        spent.prompt += res.usage?.prompt_tokens ?? 0;
        spent.completion += res.usage?.completion_tokens ?? 0;
      } catch (err) {
        throw toAiError(err);
      }
      if (!content?.trim()) throw new AiError('empty');
      const parsed = r.schema.safeParse(parseJson(content));
      if (parsed.success) return { value: parsed.data, usage: usageOf(ai.model, spent.prompt, spent.completion) };
    }
    throw new AiError('bad_output');
  }
}
