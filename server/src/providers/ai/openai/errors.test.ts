import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { TaskPlan } from '@cofounder/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../openai.ts';
import { AiError } from '../port.ts';
import { drain, failure, request, useFakeModelServer } from './test-setup.ts';

const { fake, provider } = useFakeModelServer();

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the model server's own failures, in plain words", () => {
  it('401: the key was rejected, and the key is never repeated', async () => {
    fake().fail(401);
    const ai = provider({ apiKey: 'sk-founder-secret-1234' });
    for (const attempt of [drain(ai.streamChat(request)).then(({ error }) => Promise.reject(error)), ai.complete(request)]) {
      const err = await failure(attempt);
      expect(err.kind).toBe('bad_key');
      expect(err.message).toBe('The model server rejected the API key.');
      expect(err.message).not.toContain('sk-founder-secret-1234');
    }
  });

  it('401: the logged error keeps the server\'s words but not the key', async () => {
    fake().fail(401);
    const err = await failure(provider({ apiKey: 'sk-founder-secret-1234' }).complete(request));
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8');
        done();
      },
    });
    pino({ level: 'info' }, sink).warn({ err, kind: err.kind }, 'chat reply failed');
    expect(logged).toContain('Incorrect API key provided');
    expect(logged).toContain('The model server rejected the API key.');
    expect(logged).not.toContain('founder-secret');
  });

  it('404 for the model: names the model that is missing', async () => {
    fake().models = ['llama3.2'];
    const ai = provider({ model: 'llama3.1:70b' });
    const { error } = await drain(ai.streamChat(request));
    expect((error as AiError).kind).toBe('model_not_found');
    expect((error as AiError).message).toBe('The model "llama3.1:70b" was not found on the model server.');
    const structured = await failure(ai.structured({ ...request, name: 'task_plan', schema: TaskPlan }));
    expect(structured.message).toBe('The model "llama3.1:70b" was not found on the model server.');
  });

  it('a 404 that is not about the model (a missing endpoint) stays "unavailable"', async () => {
    fake().fail(404);
    const err = await failure(provider().complete(request));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe('The AI service is unavailable right now. Please try again.');
  });

  it('connection refused: the server could not be reached', async () => {
    const ai = createOpenAiProvider({
      apiKey: 'test',
      model: 'test-model',
      baseUrl: `http://127.0.0.1:${await closedPort()}/v1`,
      timeoutMs: 2000,
      maxRetries: 0,
    });
    const { error } = await drain(ai.streamChat(request));
    expect((error as AiError).kind).toBe('unreachable');
    expect((error as AiError).message).toBe('The model server could not be reached.');
    expect((await failure(ai.complete(request))).kind).toBe('unreachable');
  });

  it('each failure reads differently', async () => {
    const kinds = ['bad_key', 'model_not_found', 'unreachable', 'timeout', 'slow_start', 'unavailable'] as const;
    const messages = new Set(kinds.map((kind) => new AiError(kind, { model: 'm' }).message));
    expect(messages.size).toBe(kinds.length);
  });
});
