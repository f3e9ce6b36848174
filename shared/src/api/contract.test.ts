import { describe, expect, it, vi } from 'vitest';
import { createCaller } from './call.ts';
import { contract, CONTRACT_AREAS, contractRoutes, endpointPath, queryString } from './contract.ts';
import { CONTACT } from '../constants.ts';

function callerWith(reply: unknown, token: string | null = 'tok') {
  const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(reply));
  return {
    ...createCaller({ baseUrl: 'http://api.test', getToken: () => token, fetch: fetchImpl }),
    fetchImpl,
  };
}

describe('route contract', () => {
  it('declares each name in one area only', () => {
    const names = Object.values(CONTRACT_AREAS).flatMap((area) => Object.keys(area));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.toSorted()).toEqual(Object.keys(contract).toSorted());
  });

  it('writes paths in Koa style with named parameters', () => {
    for (const { name, path } of contractRoutes()) {
      expect(path, name).toMatch(/^\/[a-z0-9-]+(\/([a-z0-9-]+|:[A-Za-z]+))*$/);
    }
  });

  it('fills parameters encoded and builds the query in order, leaving out unset fields', () => {
    expect(endpointPath(contract.approveEmail, { userId: 'u 1', emailId: 'a/b' })).toBe(
      '/api/investor-outreach/u%201/approve-email/a%2Fb',
    );
    expect(() => endpointPath(contract.taskResult, {} as { taskId: string })).toThrow(/:taskId/);
    expect(queryString({ before: 'm 9', limit: 20, page: undefined, search: null })).toBe(
      '?before=m+9&limit=20',
    );
    expect(queryString({})).toBe('');
  });
});

describe('call', () => {
  it('sends the bearer to bearer endpoints and refuses them signed out without a request', async () => {
    const { call, fetchImpl } = callerWith({ success: true, paused: false });
    await call('agentsStatus');
    expect(fetchImpl.mock.calls[0]![1]?.headers).toMatchObject({ authorization: 'Bearer tok' });

    const signedOut = callerWith({ success: true, paused: false }, null);
    await expect(signedOut.call('agentsStatus')).rejects.toMatchObject({ status: 401 });
    expect(signedOut.fetchImpl).not.toHaveBeenCalled();
  });

  it('calls public endpoints without a token', async () => {
    const { call, fetchImpl } = callerWith({ success: true, message: 'Thanks!' }, null);
    const body = { name: 'Ada', email: 'ada@example.com', subject: CONTACT.subjects[0], message: 'Hello' };
    await expect(call('contact', { body })).resolves.toEqual({ success: true, message: 'Thanks!' });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/contact');
    expect(init?.headers).not.toHaveProperty('authorization');
  });

  it("uses the contract's method, and its schema on the reply", async () => {
    const { call, fetchImpl } = callerWith({ success: true });
    await call('deleteConnection', { params: { platform: 'twitter' } });
    expect(fetchImpl.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(fetchImpl.mock.calls[0]![1]?.body).toBeUndefined();
    await expect(
      callerWith({ success: 'yes' }).call('stopComputerTask', { params: { id: 'm1' } }),
    ).rejects.toThrow();
  });
});
