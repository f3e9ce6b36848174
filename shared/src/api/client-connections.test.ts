import { describe, expect, it, vi } from 'vitest';
import type { ConnectionView } from '../schemas/connections.ts';
import { createApi } from './client.ts';

const VIEW: ConnectionView = {
  platform: 'twitter',
  connected: true,
  displayName: 'A',
  username: 'a',
  lastSync: null,
  error: null,
};

function apiWith(reply: unknown) {
  const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(reply));
  return {
    api: createApi({ baseUrl: 'http://api.test', getToken: () => 'tok', fetch: fetchImpl }),
    fetchImpl,
  };
}

describe('createApi: connections', () => {
  it('reads the connections map', async () => {
    const { api, fetchImpl } = apiWith({ success: true, details: { connections: { twitter: VIEW } } });
    const reply = await api.connections();
    expect(reply.details.connections.twitter?.username).toBe('a');
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('http://api.test/api/user/connections');
  });

  it('saves, deletes and pushes with the bearer', async () => {
    const { api, fetchImpl } = apiWith({ success: true, details: { connection: VIEW, resumedTasks: 3 } });
    const saved = await api.saveConnection('twitter', { accessToken: 'handle-0123456789' });
    expect(saved.details.resumedTasks).toBe(3);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/user/connections/twitter');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');

    fetchImpl.mockImplementation(async () => Response.json({ success: true }));
    await api.deleteConnection('reddit');
    expect(fetchImpl.mock.calls[1]?.[1]?.method).toBe('DELETE');
    fetchImpl.mockImplementation(async () => Response.json({ success: true, stored: false }));
    await api.pushServiceConnections({ twitter: VIEW });
    const [pushUrl, pushInit] = fetchImpl.mock.calls[2]!;
    expect(pushUrl).toBe('http://api.test/api/agents/service-connections');
    expect(JSON.parse(String(pushInit?.body))).toEqual({ connections: { twitter: VIEW } });
  });

  it('asks for a connect code with the bearer, in the body never the URL', async () => {
    const { api, fetchImpl } = apiWith({
      success: true,
      code: 'code-0123456789abc',
      expiresAt: '2025-01-01T00:00:00.000Z',
    });
    expect((await api.connectCode('reddit')).code).toBe('code-0123456789abc');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/user/connections/reddit/code');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
  });
});
