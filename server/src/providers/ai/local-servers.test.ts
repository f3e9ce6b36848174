import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MODEL_SERVERS, LocalModelServer } from '@cofounder/shared';
import { closedPort, startFakeModelServer, type FakeModelServer } from '../../test/fake-model-servers.ts';
import { describeLocalModelServers, scanLocalModelServers, type ProbeTarget } from './local-servers.ts';

// Issue 23 §2: the server finds local model servers on its own loopback, each dialect by its model list.

const fakes: FakeModelServer[] = [];
let ollama: FakeModelServer;
let openAiStyle: FakeModelServer;
let garbage: FakeModelServer;
let wrongShape: FakeModelServer;
let silent: FakeModelServer;

beforeAll(async () => {
  ollama = await startFakeModelServer('ollama', ['llama3.2:latest', 'qwen2.5:7b']);
  openAiStyle = await startFakeModelServer('openai', ['qwen2.5-7b-instruct']);
  garbage = await startFakeModelServer('garbage');
  wrongShape = await startFakeModelServer('wrong-shape', ['llama3.2']);
  silent = await startFakeModelServer('silent');
  fakes.push(ollama, openAiStyle, garbage, wrongShape, silent);
});
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

const at = (kind: ProbeTarget['kind'], port: number): ProbeTarget => {
  const known = LOCAL_MODEL_SERVERS.servers.find((s) => s.kind === kind)!;
  return { kind, name: known.name, port };
};

describe('local model server discovery (issue 23 §2)', () => {
  it('lists each dialect that answers, with its OpenAI-compatible base on loopback and its models', async () => {
    const servers = await scanLocalModelServers({
      targets: [
        at('ollama', ollama.port),
        at('lmstudio', openAiStyle.port),
        at('llamacpp', openAiStyle.port),
        at('vllm', openAiStyle.port),
      ],
    });
    expect(servers).toEqual([
      {
        kind: 'ollama',
        name: 'Ollama',
        baseUrl: `http://127.0.0.1:${ollama.port}/v1`,
        models: ['llama3.2:latest', 'qwen2.5:7b'],
      },
      {
        kind: 'lmstudio',
        name: 'LM Studio',
        baseUrl: `http://127.0.0.1:${openAiStyle.port}/v1`,
        models: ['qwen2.5-7b-instruct'],
      },
      {
        kind: 'llamacpp',
        name: 'llama.cpp',
        baseUrl: `http://127.0.0.1:${openAiStyle.port}/v1`,
        models: ['qwen2.5-7b-instruct'],
      },
      {
        kind: 'vllm',
        name: 'vLLM',
        baseUrl: `http://127.0.0.1:${openAiStyle.port}/v1`,
        models: ['qwen2.5-7b-instruct'],
      },
    ]);
    for (const server of servers) expect(LocalModelServer.safeParse(server).success).toBe(true);
    // Ollama is recognised by its own /api/tags as well as the /v1 list the connection will use.
    expect(ollama.requests.toSorted()).toEqual(['/api/tags', '/v1/models']);
  });

  it('does not call a plain OpenAI-style server Ollama: without /api/tags it is not listed on the Ollama port', async () => {
    expect(await scanLocalModelServers({ targets: [at('ollama', openAiStyle.port)] })).toEqual([]);
  });

  it('leaves out a closed port, a body that is not JSON and JSON that is not a model list', async () => {
    const targets = [
      at('ollama', await closedPort()),
      at('lmstudio', garbage.port),
      at('llamacpp', wrongShape.port),
      at('ollama', wrongShape.port),
      at('vllm', openAiStyle.port),
    ];
    const servers = await scanLocalModelServers({ targets });
    expect(servers.map((s) => `${s.kind} ${s.baseUrl}`)).toEqual([
      `vllm http://127.0.0.1:${openAiStyle.port}/v1`,
    ]);
    expect(garbage.requests).toContain('/v1/models');
  });

  it('drops a server that never answers within the probe timeout, probing every port at once', async () => {
    const timeoutMs = 300;
    const started = performance.now();
    const servers = await scanLocalModelServers({
      timeoutMs,
      targets: [
        at('ollama', silent.port),
        at('lmstudio', silent.port),
        at('llamacpp', silent.port),
        at('vllm', openAiStyle.port),
        at('lmstudio', silent.port),
      ],
    });
    const elapsed = performance.now() - started;
    expect(servers.map((s) => s.kind)).toEqual(['vllm']);
    expect(silent.requests).toHaveLength(5); // every hanging probe was sent (Ollama asks twice)
    // Four hanging servers cost one timeout, not four: the probes run side by side.
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 20);
    expect(elapsed).toBeLessThan(3 * timeoutMs);
  });

  it('does not follow a redirect, even to a real model server', async () => {
    const redirect = await startFakeModelServer('redirect', [`http://127.0.0.1:${openAiStyle.port}`]);
    fakes.push(redirect);
    expect(
      await scanLocalModelServers({ targets: [at('lmstudio', redirect.port), at('vllm', openAiStyle.port)] }),
    ).toEqual([
      {
        kind: 'vllm',
        name: 'vLLM',
        baseUrl: `http://127.0.0.1:${openAiStyle.port}/v1`,
        models: ['qwen2.5-7b-instruct'],
      },
    ]);
    expect(redirect.requests).toEqual(['/v1/models']);
  });

  it('probes the usual ports on 127.0.0.1 only, within a short timeout', () => {
    expect(LOCAL_MODEL_SERVERS.host).toBe('127.0.0.1');
    expect(LOCAL_MODEL_SERVERS.servers.map((s) => `${s.kind}:${s.port}`)).toEqual([
      'ollama:11434',
      'lmstudio:1234',
      'llamacpp:8080',
      'vllm:8000',
    ]);
    expect(LOCAL_MODEL_SERVERS.probeTimeoutMs).toBeLessThanOrEqual(1000);
  });

  it('says in the start-up banner what was found, or which ports were tried', () => {
    expect(describeLocalModelServers([])).toBe(
      'ai: no local model server found (Ollama 11434, LM Studio 1234, llama.cpp 8080, vLLM 8000)',
    );
    expect(
      describeLocalModelServers([
        {
          kind: 'ollama',
          name: 'Ollama',
          baseUrl: 'http://127.0.0.1:11434/v1',
          models: ['llama3.2', 'qwen2.5'],
        },
        { kind: 'lmstudio', name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', models: [] },
      ]),
    ).toBe(
      'ai: local model servers found: Ollama (llama3.2, qwen2.5) at http://127.0.0.1:11434/v1; LM Studio (no models) at http://127.0.0.1:1234/v1',
    );
  });
});
