import { AUTH, ExtensionHandoffResponse } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser } from '../../test/users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const handoff = async (token: string) => {
  const res = await call(t, 'POST', '/api/extension/handoff', { token, body: {} });
  expect(res.status).toBe(200);
  return ExtensionHandoffResponse.parse(await res.json());
};

describe('POST /api/extension/handoff', () => {
  it('mints a one-use token the extension redeems for a session of its own', async () => {
    const user = await signedInUser(t);
    const { tokenHash } = await handoff(user.token);

    // The extension's supabase-js verifies it like an email link and gets its own session for the same user.
    const extension = t.supabase();
    const { data, error } = await extension.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user.id);
    expect(data.session?.refresh_token).toBeTruthy();
    const me = await call(t, 'GET', '/api/me', { token: data.session!.access_token });
    expect(me.status).toBe(200);
    // The dashboard's own session is untouched.
    expect((await call(t, 'GET', '/api/me', { token: user.token })).status).toBe(200);

    // Used once, it is gone.
    const again = await t.supabase().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('is refused as another kind of link, after it expires, and when a newer one replaced it', async () => {
    const user = await signedInUser(t);
    const first = await handoff(user.token);
    expect((await t.supabase().auth.verifyOtp({ token_hash: first.tokenHash, type: 'signup' })).error?.code).toBe('otp_expired');
    const second = await handoff(user.token);
    expect((await t.supabase().auth.verifyOtp({ token_hash: first.tokenHash, type: 'magiclink' })).error?.code).toBe('otp_expired');
    t.clock.advance((AUTH.handoffTtlSeconds + 1) * 1000);
    expect((await t.supabase().auth.verifyOtp({ token_hash: second.tokenHash, type: 'magiclink' })).error?.code).toBe('otp_expired');
  });

  it('needs the bearer token', async () => {
    expect((await call(t, 'POST', '/api/extension/handoff', { body: {} })).status).toBe(401);
  });
});
