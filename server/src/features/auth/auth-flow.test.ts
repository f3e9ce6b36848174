import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, latestMail, uniqueEmail, verifyLinkOf } from '../../test/mail.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PASSWORD = 'Str0ng!pass';
const names = { first_name: 'Ada', last_name: 'Founder', full_name: 'Ada Founder' };

async function me(token: string) {
  return fetch(`${t.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
}

/** Follows an email link by hand, as a browser would, and returns where it redirects. */
async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

describe('local /auth/v1 with the real supabase-js client', () => {
  it('signs up, refuses an unconfirmed sign-in, confirms by link, then signs in, refreshes and signs out', async () => {
    const sb = t.supabase();
    const email = uniqueEmail();
    const signUp = await sb.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: names, emailRedirectTo: `${t.baseUrl}/verify-email` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.user_metadata).toMatchObject({ ...names, email_verified: false });

    const mail = await latestMail(t.baseUrl, email, /Confirm your email for Cofounder/);
    expect(codeOf(mail)).toMatch(/^\d{6}$/);

    const early = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const landed = await follow(verifyLinkOf(mail));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${t.baseUrl}/verify-email`);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect((await me(fragment.get('access_token')!)).status).toBe(200);
    // A link works once.
    const again = await follow(verifyLinkOf(mail));
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired');

    const signIn = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.user.email_confirmed_at).toBeTruthy();

    const got = await sb.auth.getUser();
    expect(got.data.user?.id).toBe(session.user.id);
    expect(got.data.user?.identities?.[0]?.provider).toBe('email');
    const meBody = await (await me(session.access_token)).json();
    expect(meBody).toEqual({
      success: true,
      user: { id: session.user.id, email, firstName: 'Ada', lastName: 'Founder', fullName: 'Ada Founder' },
    });

    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const next = refreshed.data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);

    // Within the reuse interval a concurrent client replaying the old token gets the same new token.
    const racing = await t.supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(racing.data.session?.refresh_token).toBe(next.refresh_token);
    // Later, replaying the used refresh token ends the whole session, including the token that replaced it.
    t.clock.advance(11_000);
    const replay = await t.supabase().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    const orphan = await t.supabase().auth.refreshSession({ refresh_token: next.refresh_token });
    expect(orphan.error?.status).toBe(400);
    expect((await me(next.access_token)).status).toBe(401);

    const again2 = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    const updated = await sb.auth.updateUser({ password: 'N3w!password', data: { first_name: 'Grace' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.first_name).toBe('Grace');
    expect((await (await me(again2.data.session!.access_token)).json()).user.firstName).toBe('Grace');

    const token = again2.data.session!.access_token;
    expect((await sb.auth.signOut()).error).toBeNull();
    expect((await me(token)).status).toBe(401);
    const old = await t.supabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await t.supabase().auth.signInWithPassword({ email, password: 'N3w!password' });
    expect(fresh.error).toBeNull();
  });

  it('confirms with the 6-digit code through verifyOtp', async () => {
    const sb = t.supabase();
    const email = uniqueEmail();
    await sb.auth.signUp({ email, password: PASSWORD, options: { data: names } });
    const mail = await latestMail(t.baseUrl, email, /Confirm/);
    const wrong = await sb.auth.verifyOtp({ email, token: codeOf(mail) === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error?.code).toBe('otp_expired');
    const ok = await sb.auth.verifyOtp({ email, token: codeOf(mail), type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
    expect(ok.data.user?.user_metadata.email_verified).toBe(true);
    expect((await me(ok.data.session!.access_token)).status).toBe(200);
  });

  it('resets a forgotten password: recovery link with query tokens, setSession, updateUser, sign in', async () => {
    const sb = t.supabase();
    const email = uniqueEmail();
    await sb.auth.signUp({ email, password: PASSWORD, options: { data: names } });
    await follow(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));

    const reset = await sb.auth.resetPasswordForEmail(email, { redirectTo: `${t.baseUrl}/reset-password` });
    expect(reset).toEqual({ data: {}, error: null });
    const mail = await latestMail(t.baseUrl, email, /Reset your Cofounder password/);
    const landed = await follow(verifyLinkOf(mail));
    expect(landed.pathname).toBe('/reset-password');
    expect(landed.hash).toBe('');
    const access = landed.searchParams.get('access_token')!;
    const refresh = landed.searchParams.get('refresh_token')!;
    expect(landed.searchParams.get('type')).toBe('recovery');

    const browser = t.supabase();
    const set = await browser.auth.setSession({ access_token: access, refresh_token: refresh });
    expect(set.error).toBeNull();
    expect((await browser.auth.updateUser({ password: 'Reset!2345' })).error).toBeNull();
    const signIn = await t.supabase().auth.signInWithPassword({ email, password: 'Reset!2345' });
    expect(signIn.error).toBeNull();

    // Unknown addresses get the same empty answer and no mail.
    const unknown = uniqueEmail('nobody');
    expect(await sb.auth.resetPasswordForEmail(unknown)).toEqual({ data: {}, error: null });
    await expect(latestMail(t.baseUrl, unknown, /Reset/)).rejects.toThrow();
  });

  it('a password change ends every other session; the one that changed it stays signed in', async () => {
    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: PASSWORD });
    await follow(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));
    const laptop = t.supabase();
    const stolen = (await t.supabase().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    await laptop.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await me(stolen.access_token)).status).toBe(200); // cached by the verifier

    expect((await laptop.auth.updateUser({ password: 'Chang3d!pass' })).error).toBeNull();
    expect((await me(stolen.access_token)).status).toBe(401);
    const reuse = await t.supabase().auth.refreshSession({ refresh_token: stolen.refresh_token });
    expect(reuse.error?.status).toBe(400);
    expect((await laptop.auth.getUser()).error).toBeNull();
    const next = await laptop.auth.refreshSession();
    expect(next.error).toBeNull();
    expect((await me(next.data.session!.access_token)).status).toBe(200);
  });

  it('a password set after a recovery link ends every other session; the recovery session stays', async () => {
    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: PASSWORD });
    await follow(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));
    const old = (await t.supabase().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    await t.supabase().auth.resetPasswordForEmail(email);
    const landed = await follow(verifyLinkOf(await latestMail(t.baseUrl, email, /Reset/)));
    const browser = t.supabase();
    await browser.auth.setSession({
      access_token: landed.searchParams.get('access_token')!,
      refresh_token: landed.searchParams.get('refresh_token')!,
    });

    expect((await browser.auth.updateUser({ password: 'Reset!2345' })).error).toBeNull();
    expect((await me(old.access_token)).status).toBe(401);
    expect((await t.supabase().auth.refreshSession({ refresh_token: old.refresh_token })).error?.status).toBe(400);
    expect((await me((await browser.auth.getSession()).data.session!.access_token)).status).toBe(200);
  });

  it('a password change kills reset links mailed before it', async () => {
    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: PASSWORD });
    await follow(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));
    const owner = t.supabase();
    await owner.auth.signInWithPassword({ email, password: PASSWORD });
    await t.supabase().auth.resetPasswordForEmail(email);
    const pending = verifyLinkOf(await latestMail(t.baseUrl, email, /Reset/));
    expect((await owner.auth.updateUser({ password: 'Changed!234' })).error).toBeNull();
    const landed = await follow(pending);
    expect(landed.searchParams.get('access_token') ?? new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeNull();
    expect(new URLSearchParams(landed.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('signs out other sessions only with scope "others"', async () => {
    const email = uniqueEmail();
    const sb = t.supabase();
    await sb.auth.signUp({ email, password: PASSWORD });
    await follow(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));
    const a = t.supabase();
    const b = t.supabase();
    const sa = (await a.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const sbs = (await b.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await me(sa.access_token)).status).toBe(200);
    expect((await me(sbs.access_token)).status).toBe(401);
    const gone = await b.auth.getUser();
    expect(gone.error?.name).toBe('AuthSessionMissingError');
  });
});
