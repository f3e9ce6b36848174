import { ConnectCodeResponse, SaveConnectionResponse, connectWindowPath } from '@cofounder/shared';
import type { TestServer } from './server.ts';
import { call, type TestUser } from './users.ts';

/**
 * Connects a platform as the dashboard would: a single-use code, the OAuth popup against a fake provider (start →
 * authorize → callback), then the confirmation with the handle the callback page posts. Answers the confirmation.
 */
export async function connectSocial(
  t: TestServer,
  user: TestUser,
  platform: 'twitter' | 'reddit',
): Promise<SaveConnectionResponse> {
  const issued = await call(t, 'POST', `/api/user/connections/${platform}/code`, { token: user.token, body: {} });
  const { code } = ConnectCodeResponse.parse(await issued.json());
  const start = await fetch(`${t.baseUrl}${connectWindowPath(platform, user.id, code)}`, { redirect: 'manual' });
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const page = await (await fetch(authorize.headers.get('location')!)).text();
  const handle = /"accessToken":"([^"]+)"/.exec(page)?.[1];
  if (!handle) throw new Error(`no confirmation handle in the callback page: ${page.slice(0, 200)}`);
  const save = await call(t, 'POST', `/api/user/connections/${platform}`, { token: user.token, body: { accessToken: handle } });
  if (save.status !== 200) throw new Error(`confirming ${platform} failed: ${save.status}`);
  return SaveConnectionResponse.parse(await save.json());
}
