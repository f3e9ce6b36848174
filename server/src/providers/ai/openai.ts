import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Response as OpenAiResponse } from 'openai/resources/responses/responses';
import type { z } from 'zod';
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
import { toAiError } from './openai/errors.ts';
import { lazyOpenAiClient } from './openai/sdk.ts';
import { textWithDeadlines } from './openai/stream.ts';
import { createStructuredCaller, extractJson, strictJsonSchema } from './openai/structured.ts';
import { usageOf } from './pricing.ts';

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

export type OpenAiSettings = Pick<Config['ai'], 'model' | 'baseUrl' | 'timeoutMs' | 'maxRetries'> &
  Partial<Pick<Config['ai'], 'firstTokenTimeoutMs' | 'webSearch' | 'researchModel' | 'computerModel'>> & {
    /** null: a server that needs no key (no Authorization header is sent). */
    apiKey: string | null;
    /** How requests go out (a founder's own server: the SSRF-guarded fetch); the global fetch otherwise. */
    fetch?: typeof fetch;
  };

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio) through the official SDK. With
 * webSearch on, research() too: the Responses API with the web_search tool (OpenAI's own; most compatible servers
 * have neither, hence off by default). A streamed reply has two deadlines: its first text within
 * firstTokenTimeoutMs, all of it within timeoutMs (which also bounds each non-streamed request).
 */
export function createOpenAiProvider(ai: OpenAiSettings): AiProvider {
  const client = lazyOpenAiClient({
    // The SDK insists on a key; a keyless server gets none on the wire (the header is removed below).
    apiKey: ai.apiKey ?? 'none',
    ...(ai.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
    // Never the environment's: a founder's server must not receive the server's organization or project.
    organization: null,
    project: null,
    baseURL: ai.baseUrl ?? undefined,
    timeout: ai.timeoutMs,
    maxRetries: ai.maxRetries,
    ...(ai.fetch ? { fetch: ai.fetch } : {}),
  });
  const researchModel = ai.researchModel ?? ai.model;
  const messagesOf = (r: ChatRequest): ChatCompletionMessageParam[] => [{ role: 'system', content: r.system }, ...r.messages];
  const failure = (err: unknown, model = ai.model) => toAiError(err, { model, apiKey: ai.apiKey ?? '' });
  const structuredCall = createStructuredCaller(async (messages, format, r) => {
    const responseFormat = format ? { response_format: { type: 'json_schema' as const, json_schema: { ...format, strict: true } } } : {};
    const res = await (await client()).chat.completions.create(
      { model: ai.model, messages, max_tokens: r.maxTokens, ...responseFormat },
      { signal: r.signal },
    );
    const usage = { promptTokens: res.usage?.prompt_tokens ?? 0, completionTokens: res.usage?.completion_tokens ?? 0 };
    return { content: res.choices[0]?.message.content ?? '', ...usage };
  });

  async function complete(r: ChatRequest): Promise<string> {
    let text: string | null | undefined;
    try {
      const res = await (await client()).chat.completions.create(
        { model: ai.model, messages: messagesOf(r), max_tokens: r.maxTokens },
        { signal: r.signal },
      );
      text = res.choices[0]?.message.content;
    } catch (err) {
      throw failure(err);
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
      const open = async (signal: AbortSignal) =>
        (await client()).chat.completions.create(
          { model: ai.model, messages: messagesOf(r), max_tokens: r.maxTokens, stream: true },
          { signal },
        );
      try {
        for await (const text of textWithDeadlines(open, { firstTokenMs: ai.firstTokenTimeoutMs, totalMs: ai.timeoutMs }, r.signal)) {
          produced = true;
          yield text;
        }
      } catch (err) {
        throw failure(err);
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
            throw failure(err, ai.computerModel ?? DEFAULT_COMPUTER_MODEL);
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
      res = await (await client()).responses.create(
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
      throw failure(err, researchModel);
    }
    const text = res.output_text;
    if (!text?.trim()) throw new AiError('empty');
    const parsed = r.schema.safeParse(extractJson(text));
    if (!parsed.success) throw new AiError('bad_output', { cause: parsed.error });
    return {
      value: parsed.data,
      sources: citedSources(res),
      usage: usageOf(researchModel, res.usage?.input_tokens ?? 0, res.usage?.output_tokens ?? 0),
    };
  }

  async function structuredWithUsage<S extends z.ZodType>(r: StructuredRequest<S>): Promise<{ value: z.output<S>; usage: AiUsage }> {
    try {
      const { value, promptTokens, completionTokens } = await structuredCall(r);
      return { value, usage: usageOf(ai.model, promptTokens, completionTokens) };
    } catch (err) {
      throw failure(err);
    }
  }
}
