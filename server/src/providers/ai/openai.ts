import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Response as OpenAiResponse } from 'openai/resources/responses/responses';
import { z } from 'zod';
import { DEFAULT_COMPUTER_MODEL, type Config } from '../../config.ts';
import {
  AiError,
  type AiProvider,
  type ComputerUseSession,
  type AiUsage,
  type ChatRequest,
  type ResearchResult,
  type StructuredRequest,
  type WebSource,
} from './port.ts';
import { createOpenAiComputerSession } from './openai-computer.ts';
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

/** The pages an answer cites: its url_citation annotations, first title kept per URL, in order. */
export function citedSources(res: Pick<OpenAiResponse, 'output'>): WebSource[] {
  const byUrl = new Map<string, WebSource>();
  for (const item of res.output ?? []) {
    if (item.type !== 'message') continue;
    for (const part of item.content) {
      if (part.type !== 'output_text') continue;
      for (const a of part.annotations ?? []) {
        if (a.type === 'url_citation' && a.url && !byUrl.has(a.url)) byUrl.set(a.url, { url: a.url, title: a.title ?? '' });
      }
    }
  }
  return [...byUrl.values()];
}

type OpenAiSettings = Pick<Config['ai'], 'model' | 'baseUrl' | 'timeoutMs' | 'maxRetries'> &
  Partial<Pick<Config['ai'], 'webSearch' | 'researchModel' | 'computerModel'>> & { apiKey: string };

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio) through the official SDK. With
 * webSearch on, research() too: the Responses API with the web_search tool (OpenAI's own; most compatible servers
 * have neither, hence off by default).
 */
export function createOpenAiProvider(ai: OpenAiSettings): AiProvider {
  const client = new OpenAI({
    apiKey: ai.apiKey,
    baseURL: ai.baseUrl ?? undefined,
    timeout: ai.timeoutMs,
    maxRetries: ai.maxRetries,
  });
  const researchModel = ai.researchModel ?? ai.model;
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
    producer: ai.model,
    describe: `real (${ai.model} at ${ai.baseUrl ?? 'api.openai.com'}${ai.webSearch ? `; web research with ${researchModel}` : ''})`,

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

    ...(ai.webSearch ? { research } : {}),

    startComputerUse(r): ComputerUseSession {
      const session = createOpenAiComputerSession(client, ai.computerModel ?? DEFAULT_COMPUTER_MODEL, r);
      return {
        async next(observation) {
          try {
            return await session.next(observation);
          } catch (err) {
            throw toAiError(err);
          }
        },
      };
    },
  };

  /**
   * One Responses API call with the web_search tool and the schema as the text format. Not retried on a bad
   * answer (searches are paid per call): the caller falls back to structured().
   */
  async function research<S extends z.ZodType>(r: StructuredRequest<S>): Promise<ResearchResult<z.output<S>>> {
    let res: OpenAiResponse;
    try {
      res = await client.responses.create(
        {
          model: researchModel,
          instructions: r.system,
          input: r.messages.map((m) => ({ role: m.role, content: m.content })),
          tools: [{ type: 'web_search' }],
          max_output_tokens: r.maxTokens,
          text: { format: { type: 'json_schema', name: r.name, schema: strictJsonSchema(r.schema), strict: true } },
        },
        { signal: r.signal },
      );
    } catch (err) {
      throw toAiError(err);
    }
    const text = res.output_text;
    if (!text?.trim()) throw new AiError('empty');
    const parsed = r.schema.safeParse(parseJson(text));
    if (!parsed.success) throw new AiError('bad_output', { cause: parsed.error });
    return {
      value: parsed.data,
      sources: citedSources(res),
      usage: usageOf(researchModel, res.usage?.input_tokens ?? 0, res.usage?.output_tokens ?? 0),
    };
  }

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
