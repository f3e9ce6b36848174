import { describe, expect, it, vi } from 'vitest';
import { createApi } from './client.ts';

function apiWith(reply: Response) {
  const fetchImpl = vi.fn<typeof fetch>(async () => reply.clone());
  return {
    api: createApi({ baseUrl: 'http://api.test', getToken: () => 'tok', fetch: fetchImpl }),
    fetchImpl,
  };
}

const SETTINGS = {
  success: true,
  settings: {
    isEnabled: true,
    productivity: 5,
    intervalHours: 4,
    preferences: {
      focusAreas: ['marketing'],
      priorityRange: { min: 5, max: 8 },
      maxTasksPerGeneration: 2,
    },
    nextRunAt: '2026-01-01T04:00:00.000Z',
    lastRun: null,
  },
};

describe('createApi: autonomy, kill switch and approvals', () => {
  it('names the caller in x-user-id on every autonomy call, with the bearer', async () => {
    const { api, fetchImpl } = apiWith(Response.json(SETTINGS));
    await api.autonomySettings('u1');
    await api.enableAutonomy('u1', { productivity: 5 });
    await api.disableAutonomy('u1');
    await api.updateAutonomy('u1', { intervalHours: 6 });
    expect(fetchImpl.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'GET http://api.test/api/autonomous/settings',
      'POST http://api.test/api/autonomous/enable',
      'POST http://api.test/api/autonomous/disable',
      'POST http://api.test/api/autonomous/settings',
    ]);
    for (const [, init] of fetchImpl.mock.calls) {
      const headers = init?.headers as Record<string, string>;
      expect(headers['x-user-id']).toBe('u1');
      expect(headers.authorization).toBe('Bearer tok');
    }
    expect(JSON.parse(String(fetchImpl.mock.calls[1]![1]?.body))).toEqual({ productivity: 5 });
  });

  it('stops and resumes the agents', async () => {
    const { api, fetchImpl } = apiWith(Response.json({ success: true, paused: true }));
    expect((await api.stopAgents()).paused).toBe(true);
    await api.resumeAgents();
    await api.agentsStatus();
    expect(fetchImpl.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST http://api.test/api/agents/stop',
      'POST http://api.test/api/agents/resume',
      'GET http://api.test/api/agents/status',
    ]);
  });

  it('lists approvals by status and posts a decision', async () => {
    const approval = {
      id: 'a 1',
      kind: 'marketing_post',
      status: 'approved',
      taskId: null,
      post: { platform: 'twitter', text: 'Hi' },
      producedBy: 'offline',
      createdAt: '2026-01-01T00:00:00.000Z',
      decidedAt: '2026-01-01T01:00:00.000Z',
      publish: {
        status: 'published',
        link: 'https://x.com/ada/status/1',
        error: null,
        attempts: 1,
        nextAttemptAt: null,
        publishedAt: '2026-01-01T01:00:05.000Z',
      },
    };
    const list = apiWith(Response.json({ success: true, approvals: [approval] }));
    await list.api.approvals();
    await list.api.approvals('rejected');
    expect(list.fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      'http://api.test/api/approvals?status=pending',
      'http://api.test/api/approvals?status=rejected',
    ]);
    const decide = apiWith(Response.json({ success: true, approval }));
    await decide.api.decideApproval('a 1', { decision: 'approve' });
    expect(decide.fetchImpl.mock.calls[0]![0]).toBe('http://api.test/api/approvals/a%201');
    const retry = apiWith(Response.json({ success: true, approval }));
    await retry.api.retryPublish('a 1');
    expect(retry.fetchImpl.mock.calls[0]![0]).toBe('http://api.test/api/approvals/a%201/publish');
  });
});
