import { DEFAULT_INTERN_SETTINGS, TaskPlan } from '@cofounder/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { createOpenAiProvider } from './openai.ts';
import { AiError, type AiProvider, type ChatRequest } from './port.ts';

let fake: FakeOpenAi;
let ai: AiProvider;
const provider = (over: { timeoutMs?: number; maxRetries?: number; webSearch?: boolean; researchModel?: string } = {}) =>
  createOpenAiProvider({ apiKey: 'test', model: 'test-model', baseUrl: fake.baseUrl, timeoutMs: 5000, maxRetries: 1, ...over });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  ai = provider();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const request: ChatRequest = {
  system: 'You are Nova.',
  messages: [{ role: 'user', content: 'Hello?' }],
  context: { profile: null, settings: DEFAULT_INTERN_SETTINGS, tasks: [] },
  maxTokens: 123,
};

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AiError);
  return err as AiError;
}

describe('OpenAI adapter against the fake server', () => {
  it('streams the deltas in order with the system prompt first', async () => {
    fake.reply = ['Hel', 'lo ', 'the', 're'];
    expect(await collect(ai.streamChat(request))).toEqual(['Hel', 'lo ', 'the', 're']);
    const [sent] = fake.requests;
    expect(sent!.authorization).toBe('Bearer test');
    expect(sent!.body).toMatchObject({ model: 'test-model', stream: true, max_tokens: 123 });
    expect(sent!.body.messages).toEqual([
      { role: 'system', content: 'You are Nova.' },
      { role: 'user', content: 'Hello?' },
    ]);
  });

  it('completes without streaming', async () => {
    fake.reply = 'A whole answer.';
    expect(await ai.complete(request)).toBe('A whole answer.');
    expect(fake.requests[0]!.body.stream).toBeUndefined();
  });

  it('asks for strict JSON schema output and parses it', async () => {
    const plan = { tasks: [{ description: 'Ship it', priority: 8, agent: 'coding_agent', requiredPlatforms: [] }] };
    fake.structured.task_plan = plan;
    expect(await ai.structured({ ...request, name: 'task_plan', schema: TaskPlan })).toEqual(plan);
    const format = fake.requests[0]!.body.response_format!;
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'task_plan', strict: true });
    const schema = JSON.stringify(format.json_schema!.schema);
    expect(schema).toContain('"additionalProperties":false');
    expect(schema).not.toMatch(/"\$schema"|"default"|"minLength"/);
  });

  it('asks once more when the JSON does not fit the schema, then gives up with bad_output', async () => {
    let calls = 0;
    fake.structured.onboarding_turn = () => (++calls === 1 ? { nope: true } : { message: 'Who pays?', ready_to_work: false });
    const schema = z.object({ message: z.string(), ready_to_work: z.boolean() });
    expect(await ai.structured({ ...request, name: 'onboarding_turn', schema })).toEqual({ message: 'Who pays?', ready_to_work: false });
    expect(fake.requests).toHaveLength(2);
    fake.structured.onboarding_turn = 'not an object';
    expect((await failure(ai.structured({ ...request, name: 'onboarding_turn', schema }))).kind).toBe('bad_output');
  });

  it('maps a persistent 429 to rate_limited after the SDK retries', async () => {
    fake.fail(429);
    const err = await failure(collect(ai.streamChat(request)));
    expect(err.kind).toBe('rate_limited');
    expect(fake.requests).toHaveLength(2); // maxRetries 1
  });

  it('recovers when a retry succeeds', async () => {
    fake.fail(500, 1);
    fake.reply = 'Back again.';
    expect((await collect(ai.streamChat(request))).join('')).toBe('Back again.');
  });

  it('maps 500s to unavailable and a stream that never starts to a timeout', async () => {
    fake.fail(500);
    expect((await failure(ai.complete(request))).kind).toBe('unavailable');
    fake.reset();
    fake.firstTokenDelayMs = 1000;
    const slow = provider({ timeoutMs: 100, maxRetries: 0 });
    expect((await failure(collect(slow.streamChat(request)))).kind).toBe('timeout');
  });

  it('an empty answer is "No AI response received" on every path', async () => {
    fake.empty = true;
    for (const attempt of [collect(ai.streamChat(request)), ai.complete(request), ai.structured({ ...request, name: 'task_plan', schema: TaskPlan })]) {
      const err = await failure(attempt);
      expect(err.kind).toBe('empty');
      expect(err.message).toBe('No AI response received');
    }
  });
});

describe('OpenAI adapter: web research (Responses API)', () => {
  const schema = z.object({ people: z.array(z.object({ name: z.string(), sourceUrl: z.string().nullable() })) });
  const web = () => provider({ webSearch: true, researchModel: 'search-model', maxRetries: 0 });

  it('is only offered with webSearch on', () => {
    expect(ai.research).toBeUndefined();
    expect(web().research).toBeTypeOf('function');
    expect(web().describe).toContain('web research with search-model');
  });

  it('sends the web_search tool and the schema as a strict json_schema text format; returns value, citations, usage', async () => {
    const value = { people: [{ name: 'Mara Holt', sourceUrl: 'https://holt.example/team' }] };
    fake.web.sales_prospects = {
      json: value,
      citations: [
        { url: 'https://holt.example/team', title: 'Team' },
        { url: 'https://news.example/holt', title: 'News' },
        { url: 'https://holt.example/team', title: 'Team again' },
      ],
    };
    const out = await web().research!({ ...request, name: 'sales_prospects', schema });
    expect(out.value).toEqual(value);
    expect(out.sources).toEqual([
      { url: 'https://holt.example/team', title: 'Team' },
      { url: 'https://news.example/holt', title: 'News' },
    ]);
    expect(out.usage.tokens).toBeGreaterThan(100);
    const [sent] = fake.responses;
    expect(sent).toMatchObject({
      model: 'search-model',
      instructions: 'You are Nova.',
      input: [{ role: 'user', content: 'Hello?' }],
      tools: [{ type: 'web_search' }],
      max_output_tokens: 123,
      text: { format: { type: 'json_schema', name: 'sales_prospects', strict: true } },
    });
    expect(JSON.stringify(sent!.text!.format!.schema)).toContain('"additionalProperties":false');
    expect(fake.requests).toHaveLength(0);
  });

  it('maps failures: a server without the Responses API is unavailable, off-schema JSON bad_output, nothing empty', async () => {
    fake.fail(404, 1);
    expect((await failure(web().research!({ ...request, name: 'sales_prospects', schema }))).kind).toBe('unavailable');
    fake.web.sales_prospects = { json: { nope: true }, citations: [] };
    expect((await failure(web().research!({ ...request, name: 'sales_prospects', schema }))).kind).toBe('bad_output');
    fake.empty = true;
    expect((await failure(web().research!({ ...request, name: 'sales_prospects', schema }))).kind).toBe('empty');
  });
});
