import { describe, expect, it } from 'vitest';
import { AiError } from '../port.ts';
import { drain, failure, request, useFakeModelServer } from './test-setup.ts';

const { fake, provider } = useFakeModelServer();

describe('streamed chat: first-token and total deadlines', () => {
  it('gives up when the first text is late although the server answered at once', async () => {
    fake().chunkDelayMs = 1000;
    const started = Date.now();
    const { chunks, error } = await drain(provider({ firstTokenTimeoutMs: 100 }).streamChat(request));
    expect(chunks).toEqual([]);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('slow_start');
    expect((error as AiError).message).toBe('The model did not start answering in time.');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('gives up when the server has not even answered by the first-token deadline', async () => {
    fake().firstTokenDelayMs = 1000;
    const { error } = await drain(provider({ firstTokenTimeoutMs: 100 }).streamChat(request));
    expect((error as AiError).kind).toBe('slow_start');
  });

  it('lets a reply that started in time run past the first-token deadline', async () => {
    fake().reply = ['One ', 'two ', 'three ', 'four ', 'five.'];
    // Five chunks 300 ms apart outlast the 1 s first-token deadline; the first arrives with 700 ms to spare (60 ms
    // against 150 ms failed on a machine under a load of 7).
    fake().chunkDelayMs = 300;
    const { chunks, error } = await drain(provider({ firstTokenTimeoutMs: 1000 }).streamChat(request));
    expect(error).toBeNull();
    expect(chunks.join('')).toBe('One two three four five.');
  });

  it('stops a reply that started but runs past the total timeout', async () => {
    fake().reply = ['a ', 'b ', 'c ', 'd ', 'e ', 'f ', 'g ', 'h'];
    fake().chunkDelayMs = 100;
    const { chunks, error } = await drain(provider({ firstTokenTimeoutMs: 1000, timeoutMs: 350 }).streamChat(request));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.length).toBeLessThan(8);
    expect((error as AiError).kind).toBe('timeout');
    expect((error as AiError).message).toBe('The model did not answer in time.');
  });

  it('a whole (non-streamed) answer that is late is a timeout', async () => {
    fake().firstTokenDelayMs = 1000;
    const err = await failure(provider({ timeoutMs: 100 }).complete(request));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('The model did not answer in time.');
  });
});
