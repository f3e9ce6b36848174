import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_INTERN_SETTINGS } from '../schemas/intern-settings.ts';
import { createApi } from './client.ts';

function apiWith(reply: Response) {
  const fetchImpl = vi.fn<typeof fetch>(async () => reply.clone());
  return {
    api: createApi({ baseUrl: 'http://api.test', getToken: () => 'tok', fetch: fetchImpl }),
    fetchImpl,
  };
}

const EMPTY_TASKS = {
  success: true,
  tasks: [],
  total: 0,
  pending: 0,
  in_progress: 0,
  completed: 0,
  paused: 0,
  failed: 0,
  achieved: 0,
  needs_input: 0,
  usage: { tokens: 0, costUsd: 0 },
};

describe('createApi: settings, tasks and activities', () => {
  it('posts intern settings as {settings}', async () => {
    const { api, fetchImpl } = apiWith(Response.json({ success: true, settings: DEFAULT_INTERN_SETTINGS }));
    await api.saveInternSettings('u1', { settings: DEFAULT_INTERN_SETTINGS });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/users/u1/intern-settings');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ settings: DEFAULT_INTERN_SETTINGS });
  });

  it('asks for one status or all tasks', async () => {
    const { api, fetchImpl } = apiWith(Response.json(EMPTY_TASKS));
    await api.tasks('u1');
    await api.tasks('u1', 'failed');
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      'http://api.test/api/tasks/u1',
      'http://api.test/api/tasks/u1?status=failed',
    ]);
  });

  it('pages activities with limit and page', async () => {
    const { api, fetchImpl } = apiWith(
      Response.json({
        success: true,
        activities: [],
        stats: { total: 0, this_week: 0, platforms: { twitter: 0, reddit: 0 } },
        hasMore: false,
      }),
    );
    await api.activities('u1', { limit: 20, page: 2 });
    expect(fetchImpl.mock.calls[0]![0]).toBe('http://api.test/api/activities/u1?limit=20&page=2');
  });

  it('retries failed tasks with a POST', async () => {
    const { api, fetchImpl } = apiWith(
      Response.json({ success: true, pausedTasks: 0, retriedTasks: 0, message: 'none' }),
    );
    expect((await api.retryFailedTasks('u1')).message).toBe('none');
    expect(fetchImpl.mock.calls[0]![0]).toBe('http://api.test/api/tasks/u1/retry-failed');
    expect(fetchImpl.mock.calls[0]![1]?.method).toBe('POST');
  });
});
