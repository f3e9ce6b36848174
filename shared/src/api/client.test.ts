import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi } from './client.ts';

function apiWith(reply: Response, token: string | null = 'tok') {
  const fetchImpl = vi.fn<typeof fetch>(async () => reply.clone());
  return {
    api: createApi({ baseUrl: 'http://api.test', getToken: () => token, fetch: fetchImpl }),
    fetchImpl,
  };
}

const USAGE = {
  success: true,
  plan: { name: 'Free Trial', current: 'free_trial' },
  usage: {
    messages: { used: 3, limit: 100, remaining: 97, percentage: 3, unlimited: false },
    tasks: { used: 0, limit: 10, remaining: 10, percentage: 0, unlimited: false },
    voiceMinutes: { used: 0, limit: 15, remaining: 15, percentage: 0, unlimited: false },
  },
  warnings: { messageLimit: null, taskLimit: null, voiceLimit: null },
  currentMonth: { resetDate: '2025-04-01T00:00:00.000Z' },
};

describe('createApi', () => {
  it('pages the conversation with before and limit', async () => {
    const { api, fetchImpl } = apiWith(
      Response.json({
        messages: [],
        hasCompletedOnboarding: true,
        isFirstWorkingChat: false,
        hasMore: false,
      }),
    );
    await api.conversation('u1', { before: 'm 9', limit: 20 });
    expect(fetchImpl.mock.calls[0]![0]).toBe('http://api.test/api/conversation/u1?before=m+9&limit=20');
    await api.conversation('u1');
    expect(fetchImpl.mock.calls[1]![0]).toBe('http://api.test/api/conversation/u1');
    expect(fetchImpl.mock.calls[1]![1]?.headers).toMatchObject({ authorization: 'Bearer tok' });
  });

  it('posts onboarding turns and completion to their paths', async () => {
    const { api, fetchImpl } = apiWith(
      Response.json({ aiResponse: { message: 'Hi?', ready_to_work: false, tasks_generated: 0 } }),
    );
    const reply = await api.onboardingTurn('u1', {
      role: 'user',
      text: '',
      conversation_type: 'fast_onboarding',
    });
    expect(reply.aiResponse.message).toBe('Hi?');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/onboarding/u1');
    expect(init?.method).toBe('POST');

    const done = apiWith(Response.json({ success: true }));
    await expect(done.api.completeOnboarding('u1')).resolves.toEqual({ success: true });
    expect(done.fetchImpl.mock.calls[0]![0]).toBe('http://api.test/onboarding/u1/complete');
  });

  it('parses usage details and the success:false reply alike', async () => {
    await expect(apiWith(Response.json(USAGE)).api.usageDetails()).resolves.toMatchObject({ success: true });
    await expect(
      apiWith(Response.json({ success: false, error: 'Usage unavailable' })).api.usageDetails(),
    ).resolves.toEqual({ success: false, error: 'Usage unavailable' });
  });

  it('carries status, code, message and field of an error, also for codes this client does not know', async () => {
    const { api } = apiWith(
      Response.json({ error: { code: 'ai_unavailable', message: 'The model is down' } }, { status: 502 }),
    );
    const error = await api.sendMessage('u1', { role: 'user', text: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'ai_unavailable', message: 'The model is down' });

    const invalid = apiWith(
      Response.json(
        { error: { code: 'validation_failed', message: 'Invalid role', field: 'role' } },
        { status: 400 },
      ),
    );
    await expect(invalid.api.onboardingStatus('u1')).rejects.toMatchObject({ status: 400, field: 'role' });
  });

  it('refuses bearer calls without a token as 401, without calling the server', async () => {
    const { api, fetchImpl } = apiWith(Response.json({}), null);
    await expect(api.internSettings('u1')).rejects.toMatchObject({ status: 401 });
    await expect(api.sendMessageStream('u1', { role: 'user', text: 'hi' })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
