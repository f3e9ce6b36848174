import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStructuredCaller, extractJson, type SendCompletion } from './structured.ts';
import { failure, request, useFakeModelServer } from './test-setup.ts';
import type { CompletionRequest } from '../../../test/fake-openai.ts';

const { fake, provider } = useFakeModelServer();

const Turn = z.object({ message: z.string(), ready_to_work: z.boolean() });
const turn = { message: 'Who pays for this today?', ready_to_work: false };
const ask = { ...request, name: 'onboarding_turn' as const, schema: Turn };
const systemOf = (body: CompletionRequest) => body.messages[0]!.content;

describe('structured output from a server without response_format', () => {
  it('a 400 naming response_format: asks for JSON in the text, reads it from a ```json fence, and remembers', async () => {
    fake().responseFormat = 'rejected';
    fake().reply = `Sure! Here it is:\n\`\`\`json\n${JSON.stringify(turn)}\n\`\`\``;
    const ai = provider();
    expect(await ai.structured(ask)).toEqual(turn);
    const [refused, fallback] = fake().requests;
    expect(refused!.body.response_format?.type).toBe('json_schema');
    expect(fallback!.body.response_format).toBeUndefined();
    expect(systemOf(fallback!.body)).toContain('You are Nova.');
    expect(systemOf(fallback!.body)).toContain('Reply with only a JSON object');
    expect(systemOf(fallback!.body)).toContain('"ready_to_work"');
    expect(fake().requests).toHaveLength(2);

    // Later calls on this provider go straight to JSON in the text.
    expect((await ai.structuredWithUsage(ask)).value).toEqual(turn);
    expect(fake().requests).toHaveLength(3);
    expect(fake().requests[2]!.body.response_format).toBeUndefined();
  });

  it('a server that ignores response_format and answers prose: one repair turn in the text, then remembered', async () => {
    fake().responseFormat = 'ignored';
    fake().reply = (body) => (body.response_format ? 'Happy to help with your startup!' : `Here you go: ${JSON.stringify(turn)}`);
    const ai = provider();
    expect(await ai.structured(ask)).toEqual(turn);
    expect(fake().requests).toHaveLength(2);
    const repair = fake().requests[1]!.body;
    expect(repair.response_format).toBeUndefined();
    expect(systemOf(repair)).toContain('Reply with only a JSON object');
    expect(repair.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Happy to help with your startup!' },
      { role: 'user', content: 'Your answer could not be used: it was not JSON.\nReply again with only the corrected JSON object.' },
    ]);
    await ai.structured(ask);
    expect(fake().requests[2]!.body.response_format).toBeUndefined();
  });

  it('JSON that misses the schema: exactly one repair request carrying the problems, then the value', async () => {
    fake().responseFormat = 'rejected';
    let answers = 0;
    fake().reply = () => (++answers === 1 ? '{"message": 42}' : JSON.stringify(turn));
    const ai = provider();
    expect(await ai.structured(ask)).toEqual(turn);
    const answered = fake().requests.filter((r) => !r.body.response_format);
    expect(answered).toHaveLength(2);
    const [bad, problems] = answered[1]!.body.messages.slice(-2);
    expect(bad).toEqual({ role: 'assistant', content: '{"message": 42}' });
    expect(problems!.role).toBe('user');
    expect(problems!.content).toContain('Your answer could not be used:');
    expect(problems!.content).toMatch(/message/);
    expect(problems!.content).toMatch(/ready_to_work/);
  });

  it('a second miss is bad_output, after exactly one retry', async () => {
    fake().responseFormat = 'rejected';
    fake().reply = '{"message": "no flag"}';
    const ai = provider();
    await ai.structured({ ...ask }).catch(() => undefined); // learns the server has no response_format
    fake().requests.length = 0;
    const err = await failure(ai.structured(ask));
    expect(err.kind).toBe('bad_output');
    expect(err.message).toBe('The AI returned an answer we could not read. Please try again.');
    expect(fake().requests).toHaveLength(2);
  });

  it('servers that support response_format keep it, and a repair still goes with it', async () => {
    let calls = 0;
    fake().structured.onboarding_turn = () => (++calls === 1 ? { nope: true } : turn);
    expect(await provider().structured(ask)).toEqual(turn);
    expect(fake().requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_schema']);
  });
});

describe('a cut-off answer under response_format', () => {
  it('is repaired with response_format kept: a truncated object does not mean the server ignores the format', async () => {
    const formats: (string | null)[] = [];
    const answers = ['{"message": "Who pa', JSON.stringify(turn), JSON.stringify(turn)];
    const send: SendCompletion = async (_messages, format) => {
      formats.push(format?.name ?? null);
      return { content: answers.shift()!, promptTokens: 10, completionTokens: 5 };
    };
    const structured = createStructuredCaller(send);
    expect(await structured(ask)).toEqual({ value: turn, promptTokens: 20, completionTokens: 10 });
    await structured(ask);
    expect(formats).toEqual(['onboarding_turn', 'onboarding_turn', 'onboarding_turn']);
  });
});

describe('extractJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['```json\n{"a":1}\n```', { a: 1 }],
    ['```\n[1,2]\n```', [1, 2]],
    ['Here is the plan: {"a":{"b":2}} Hope it helps.', { a: { b: 2 } }],
    ['Tasks: [{"a":1}]', [{ a: 1 }]],
  ])('reads %j', (text, value) => {
    expect(extractJson(text)).toEqual(value);
  });

  it('finds nothing in prose', () => {
    expect(extractJson('I would start with customer interviews.')).toBeUndefined();
  });
});
