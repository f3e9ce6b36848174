import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error-class.ts';
import { createApi } from './client.ts';

const FOUND = {
  success: true,
  servers: [
    { kind: 'ollama', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.2:3b'] },
  ],
  scannedAt: '2026-01-01T00:00:00.000Z',
};

function apiWith(reply: () => Response) {
  const fetchImpl = vi.fn<typeof fetch>(async () => reply());
  return {
    api: createApi({ baseUrl: 'http://api.test', getToken: () => 'tok', fetch: fetchImpl }),
    fetchImpl,
  };
}

describe('createApi: model settings', () => {
  it('reads the local model servers found, with the bearer', async () => {
    const { api, fetchImpl } = apiWith(() => Response.json(FOUND));
    const reply = await api.localModelServers();
    expect(reply.servers[0]?.models).toEqual(['llama3.2:3b']);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/model-settings/local-servers');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
  });

  it('scans again with a POST and surfaces the 429 text', async () => {
    const { api, fetchImpl } = apiWith(() => Response.json(FOUND));
    expect((await api.scanLocalModelServers()).servers[0]?.name).toBe('Ollama');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/model-settings/local-servers/scan');
    expect(init?.method).toBe('POST');

    const text = 'Scanned a moment ago. Try again in a few seconds.';
    fetchImpl.mockImplementation(async () =>
      Response.json({ error: { code: 'rate_limited', message: text } }, { status: 429 }),
    );
    const error = await api.scanLocalModelServers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toBe(text);
  });
});
