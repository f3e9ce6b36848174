import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { AiError, type ChatRequest, type StructuredRequest } from '../port.ts';
import { rejectsResponseFormat } from './errors.ts';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The JSON a model wrote in its text: the whole text, else a ```json fence, else the span from the first brace
 * or bracket to the last matching one (a model that says "Here is the JSON:" first). undefined when there is none.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(trimmed)?.[1];
  const spans = ([['{', '}'], ['[', ']']] as const)
    .map(([open, close]) => ({ from: trimmed.indexOf(open), to: trimmed.lastIndexOf(close) }))
    .filter(({ from, to }) => from !== -1 && to > from)
    .sort((a, b) => a.from - b.from)
    .map(({ from, to }) => trimmed.slice(from, to + 1));
  for (const candidate of [trimmed, fenced, ...spans]) {
    if (candidate === undefined) continue;
    const value = parseJson(candidate);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Without response_format the schema goes in the prompt. */
export function jsonInstructions(schema: z.ZodType): string {
  const { $schema: _, ...shape } = z.toJSONSchema(schema);
  return `Reply with only a JSON object, and no other text, that matches this JSON schema:\n${JSON.stringify(shape)}`;
}

function repairPrompt(problems: string): string {
  return `Your answer could not be used: ${problems}\nReply again with only the corrected JSON object.`;
}

/** One completion's text and the tokens it cost. */
export interface Answer {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

/** Sends one chat completion, with the schema as a strict json_schema response_format or without one. */
export type SendCompletion = (
  messages: ChatCompletionMessageParam[],
  format: { name: string; schema: Record<string, unknown> } | null,
  request: Pick<ChatRequest, 'maxTokens' | 'signal'>,
) => Promise<Answer>;

/**
 * Structured output through chat completions. A server that refuses response_format (a 400 naming it) or ignores
 * it (prose back) is asked for JSON in the text from then on, for the life of this provider. An answer that misses
 * the schema gets ONE repair turn (its problems sent back); a second miss is bad_output. Every answer is paid for,
 * so the tokens of all of them are returned.
 */
export function createStructuredCaller(send: SendCompletion) {
  let formatSupported = true;

  async function ask<S extends z.ZodType>(r: StructuredRequest<S>, repair: ChatCompletionMessageParam[]): Promise<Answer> {
    const conversation = [...r.messages, ...repair];
    if (formatSupported) {
      try {
        const format = { name: r.name, schema: strictJsonSchema(r.schema) };
        return await send([{ role: 'system', content: r.system }, ...conversation], format, r);
      } catch (err) {
        if (!rejectsResponseFormat(err)) throw err;
        formatSupported = false;
      }
    }
    return send([{ role: 'system', content: `${r.system}\n\n${jsonInstructions(r.schema)}` }, ...conversation], null, r);
  }

  return async function structured<S extends z.ZodType>(
    r: StructuredRequest<S>,
  ): Promise<{ value: z.output<S>; promptTokens: number; completionTokens: number }> {
    const spent = { promptTokens: 0, completionTokens: 0 };
    const repair: ChatCompletionMessageParam[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await ask(r, repair);
      spent.promptTokens += answer.promptTokens;
      spent.completionTokens += answer.completionTokens;
      if (!answer.content.trim()) throw new AiError('empty');
      const json = extractJson(answer.content);
      // Prose in answer to response_format: the server ignores it (a cut-off object is not prose).
      if (json === undefined && formatSupported && !answer.content.trimStart().startsWith('{')) formatSupported = false;
      const parsed = json === undefined ? null : r.schema.safeParse(json);
      if (parsed?.success) return { value: parsed.data, ...spent };
      const problems = parsed ? z.prettifyError(parsed.error) : 'it was not JSON.';
      repair.push({ role: 'assistant', content: answer.content }, { role: 'user', content: repairPrompt(problems) });
    }
    throw new AiError('bad_output');
  }
}
