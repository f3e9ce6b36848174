import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model-servers.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { AiError } from '../port.ts';
import { probeConnection } from './connection-test.ts';
import { BlockedAddressError, checkModelHost, guardedFetch } from './guarded-fetch.ts';

// Test connection's probe (issue 23 §1) against fake servers on loopback: each failure class the founder reads, and
// the SSRF rule on the addresses the requests actually go to.

let fake: FakeOpenAi;
let silent: FakeModelServer;
let redirecting: Server;
let redirectUrl: string;
const loopback = guardedFetch({ loopback: true });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  silent = await startFakeModelServer('silent');
  redirecting = createServer((req, res) => res.writeHead(302, { location: `${fake.baseUrl}/models` }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  redirectUrl = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  await fake.close();
  await silent.close();
  redirecting.closeAllConnections();
  await new Promise((resolve) => redirecting.close(resolve));
});
beforeEach(() => fake.reset());

const probe = (baseUrl: string, chatModel?: string, options: { apiKey?: string | null; timeoutMs?: number; fetch?: typeof fetch } = {}) =>
  probeConnection({ baseUrl, apiKey: options.apiKey ?? null, fetch: options.fetch ?? loopback, timeoutMs: options.timeoutMs ?? 5_000 }, chatModel);

const kindOf = (failure: unknown) => (failure instanceof AiError ? failure.kind : failure instanceof BlockedAddressError ? 'blocked' : null);

describe('probeConnection', () => {
  it('lists the models and times a one-token completion', async () => {
    fake.models = ['llama3.2:latest', 'qwen2.5:7b'];
    const result = await probe(fake.baseUrl, 'llama3.2:latest');
    expect(result.failure).toBeNull();
    expect(result.models).toEqual(['llama3.2:latest', 'qwen2.5:7b']);
    expect(result.latencyMs).toEqual(expect.any(Number));
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'llama3.2:latest', max_tokens: 1 });
  });

  it('without a chat model, lists the models only', async () => {
    fake.models = ['gpt-4o-mini'];
    const result = await probe(fake.baseUrl);
    expect(result).toEqual({ models: ['gpt-4o-mini'], latencyMs: null, failure: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends the key as a bearer, and no Authorization header at all without one', async () => {
    fake.requiredKey = 'sk-right-key-0001';
    expect(kindOf((await probe(fake.baseUrl, 'm', { apiKey: 'sk-wrong-key-0002' })).failure)).toBe('bad_key');
    expect(kindOf((await probe(fake.baseUrl, 'm')).failure)).toBe('bad_key');
    expect((await probe(fake.baseUrl, 'm', { apiKey: 'sk-right-key-0001' })).failure).toBeNull();
    fake.requiredKey = null;
    await probe(fake.baseUrl, 'm');
    expect(fake.requests.at(-1)!.authorization).toBeUndefined();
  });

  it('names each failure: unreachable, model not found, timeout', async () => {
    const closed = await startFakeModelServer('openai');
    await closed.close();
    expect(kindOf((await probe(`http://127.0.0.1:${closed.port}/v1`, 'm')).failure)).toBe('unreachable');

    fake.models = ['llama3.2:latest'];
    const missing = await probe(fake.baseUrl, 'llama9');
    expect(kindOf(missing.failure)).toBe('model_not_found');
    expect(missing.failure!.message).toBe('The model "llama9" was not found on the model server.');
    expect(missing.models).toEqual(['llama3.2:latest']);

    const started = Date.now();
    expect(kindOf((await probe(`http://127.0.0.1:${silent.port}/v1`, 'm', { timeoutMs: 300 })).failure)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('never follows a redirect', async () => {
    fake.models = ['elsewhere'];
    const result = await probe(redirectUrl);
    expect(kindOf(result.failure)).toBe('unreachable');
    expect(result.models).toEqual([]);
  });

  it('refuses loopback and private addresses unless loopback is allowed, by IP and by name', async () => {
    const publicOnly = guardedFetch({ loopback: false });
    for (const base of [fake.baseUrl, fake.baseUrl.replace('127.0.0.1', 'localhost')]) {
      const result = await probe(base, 'm', { fetch: publicOnly });
      expect(kindOf(result.failure)).toBe('blocked');
      expect((result.failure as BlockedAddressError).loopback).toBe(true);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('checkModelHost', () => {
  it('allows public addresses, loopback only when asked, never private ones', async () => {
    expect(await checkModelHost('8.8.8.8', { loopback: false })).toBe('ok');
    expect(await checkModelHost('127.0.0.1', { loopback: true })).toBe('ok');
    expect(await checkModelHost('[::1]', { loopback: true })).toBe('ok');
    const loop = await checkModelHost('localhost', { loopback: false });
    expect(loop).toBeInstanceOf(BlockedAddressError);
    expect((loop as BlockedAddressError).loopback).toBe(true);
    for (const host of ['10.0.0.5', '192.168.1.20', '169.254.169.254', '[::ffff:10.0.0.1]']) {
      const result = await checkModelHost(host, { loopback: true });
      expect(result).toBeInstanceOf(BlockedAddressError);
      expect((result as BlockedAddressError).loopback).toBe(false);
    }
    expect(await checkModelHost('no-such-host.invalid', { loopback: false })).toBe('unresolved');
  });
});
