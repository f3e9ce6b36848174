import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUsers, mailboxMessages } from '../../db/schema.ts';
import { latestMail, mailTo, uniqueEmail, verifyLinkOf } from '../../test/mail.ts';
import { travel } from '../../test/clock.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

let t: TestServer;
beforeAll(async () => {
  // These tests sign up more addresses from 127.0.0.1 than AUTH.signUpPerIp allows in one window (the limits have
  // their own server below and in auth-limits.test.ts; moving the app's clock does not end a limiter's window).
  t = await startTestServer({
    configure: (c) => {
      c.auth.limits.signUpPerIp = 1000;
    },
  });
});
afterAll(() => t.close());

const PASSWORD = 'Str0ng!pass';

/** A raw /auth/v1 call with supabase-js's headers (or without the API-version header when `legacy`). */
function auth(path: string, body: unknown, opts: { legacy?: boolean; method?: string; bearer?: string } = {}) {
  const headers: Record<string, string> = { apikey: t.anonKey, 'content-type': 'application/json' };
  if (!opts.legacy) headers['x-supabase-api-version'] = '2024-01-01';
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  return fetch(`${t.baseUrl}/auth/v1${path}`, {
    method: opts.method ?? 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function confirmedUser(email = uniqueEmail()) {
  await t.supabase().auth.signUp({ email, password: PASSWORD });
  await fetch(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)), { redirect: 'manual' });
  return email;
}

const counts = async () => ({
  users: await t.database.db.$count(authUsers),
  mails: await t.database.db.$count(mailboxMessages),
});

describe('auth error codes through supabase-js', () => {
  it('invalid_credentials for a wrong password and for an unknown email alike', async () => {
    const email = await confirmedUser();
    const wrong = await t.supabase().auth.signInWithPassword({ email, password: 'Wrong!pass1' });
    const unknown = await t.supabase().auth.signInWithPassword({ email: uniqueEmail('ghost'), password: PASSWORD });
    for (const r of [wrong, unknown]) {
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.message).toBe('Invalid login credentials');
      expect(r.error?.status).toBe(400);
    }
  });

  it('user_already_exists for a confirmed address, and nothing is written', async () => {
    const email = await confirmedUser();
    const before = await counts();
    const again = await t.supabase().auth.signUp({ email, password: PASSWORD });
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('weak_password with reasons on sign-up and on update; same_password on update', async () => {
    const before = await counts();
    const weak = await t.supabase().auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);
    expect(await counts()).toEqual(before);

    const email = await confirmedUser();
    const sb = t.supabase();
    await sb.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await sb.auth.updateUser({ password: 'short' })).error?.code).toBe('weak_password');
    const same = await sb.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');
  });

  it('over_email_send_rate_limit within 60 s of the last mail, then resend works', async () => {
    const email = uniqueEmail();
    const sb = t.supabase();
    await sb.auth.signUp({ email, password: PASSWORD });
    const early = await sb.auth.resend({ type: 'signup', email });
    expect(early.error?.code).toBe('over_email_send_rate_limit');
    expect(early.error?.status).toBe(429);
    expect(early.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await mailTo(t.baseUrl, email)).toHaveLength(1);
    t.clock.advance(61_000);
    expect((await sb.auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(await mailTo(t.baseUrl, email)).toHaveLength(2);
    // Confirmed or unknown addresses: an empty success, no mail.
    expect((await sb.auth.resend({ type: 'signup', email: uniqueEmail('ghost') })).error).toBeNull();
  });

  it('an unconfirmed address can sign up again (new password), after the cooldown', async () => {
    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: PASSWORD });
    const tooSoon = await t.supabase().auth.signUp({ email, password: 'Other!pass1' });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    t.clock.advance(61_000);
    const again = await t.supabase().auth.signUp({ email, password: 'Other!pass1' });
    expect(again.error).toBeNull();
    await fetch(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)), { redirect: 'manual' });
    expect((await t.supabase().auth.signInWithPassword({ email, password: 'Other!pass1' })).error).toBeNull();
  });

  it('otp_expired for unknown and expired link tokens', async () => {
    const bad = await t.supabase().auth.verifyOtp({ token_hash: 'not-a-real-token', type: 'signup' });
    expect(bad.error?.code).toBe('otp_expired');
    expect(bad.error?.status).toBe(403);

    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: PASSWORD });
    const link = new URL(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));
    t.clock.advance(25 * 3600 * 1000);
    const late = await t.supabase().auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'signup' });
    expect(late.error?.code).toBe('otp_expired');
  });

  it('refresh_token_not_found for an unknown token; validation_failed for an unknown grant', async () => {
    const r = await t.supabase().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(r.error?.code).toBe('refresh_token_not_found');
    const grant = await auth('/token?grant_type=magic', {});
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ code: 'validation_failed', message: 'unsupported_grant_type' });
  });

  it('validation_failed when resend has neither email nor phone; email_address_invalid for a bad address', async () => {
    const res = await auth('/resend', { type: 'signup' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'You must provide either an email or phone number.' });
    const invalid = await t.supabase().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(invalid.error?.code).toBe('email_address_invalid');
  });

  it('answers in the legacy shape without X-Supabase-Api-Version, echoes the header with it', async () => {
    const legacy = await auth('/token?grant_type=password', { email: uniqueEmail(), password: 'x' }, { legacy: true });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    const modern = await auth('/token?grant_type=password', { email: uniqueEmail(), password: 'x' });
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('needs the anon key as apikey; user routes need a user token, not the anon key', async () => {
    const noKey = await fetch(`${t.baseUrl}/auth/v1/signup`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(noKey.status).toBe(401);
    const wrongKey = await fetch(`${t.baseUrl}/auth/v1/user`, { headers: { apikey: 'nope', authorization: `Bearer ${t.anonKey}` } });
    expect(wrongKey.status).toBe(401);
    const anonBearer = await auth('/user', undefined, { method: 'GET', bearer: t.anonKey });
    expect(anonBearer.status).toBe(401);
    expect((await anonBearer.json()).code).toBe('no_authorization');
    const garbage = await auth('/logout', undefined, { bearer: 'x'.repeat(20) });
    expect(garbage.status).toBe(401);
    expect((await garbage.json()).code).toBe('bad_jwt');
  });

  it('serves settings, health and refuses OAuth providers', async () => {
    const settings = await (await fetch(`${t.baseUrl}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true, google: false, github: false }, disable_signup: false, mailer_autoconfirm: false });
    expect((await fetch(`${t.baseUrl}/auth/v1/health`)).status).toBe(200);
    const oauth = await fetch(`${t.baseUrl}/auth/v1/authorize?provider=google&redirect_to=${t.baseUrl}`);
    expect(oauth.status).toBe(400);
    expect(await oauth.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
  });

  it('keeps redirects on allowed origins only', async () => {
    const email = uniqueEmail();
    await t.supabase().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = new URL(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)));
    expect(link.searchParams.get('redirect_to')).toBe(`${t.baseUrl}/verify-email`);
    const res = await fetch(`${link.origin}${link.pathname}?token=x&type=signup&redirect_to=https://evil.example/`, { redirect: 'manual' });
    expect(res.headers.get('location')).toMatch(new RegExp(`^${t.baseUrl}/verify-email#error=access_denied&error_code=otp_expired`));
  });
});

describe('limits and switches', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      env: { SIGNUP_DISABLED: 'true' },
      configure: (c) => {
        c.auth.limits.signInPerIp = 3;
        c.auth.limits.recoverPerIp = 2;
      },
    });
  });
  afterAll(async () => {
    await s.close();
    vi.useRealTimers(); // travel() faked Date
  });

  it('signup_disabled when SIGNUP_DISABLED=true', async () => {
    const r = await s.supabase().auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    expect(r.error?.code).toBe('signup_disabled');
    expect(r.error?.message).toBe('Signups not allowed for this instance');
    expect(await s.database.db.$count(authUsers)).toBe(0);
  });

  it('over_request_rate_limit after too many failed sign-ins from one IP, until the window passes', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await s.supabase().auth.signInWithPassword({ email: uniqueEmail(), password: 'Wrong!pass1' });
      expect(r.error?.code).toBe('invalid_credentials');
    }
    const limited = await s.supabase().auth.signInWithPassword({ email: uniqueEmail(), password: 'Wrong!pass1' });
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.status).toBe(429);
    travel(5 * 60_000 + 1000);
    const after = await s.supabase().auth.signInWithPassword({ email: uniqueEmail(), password: 'Wrong!pass1' });
    expect(after.error?.code).toBe('invalid_credentials');
  });

  it('over_request_rate_limit on recover per IP', async () => {
    await s.supabase().auth.resetPasswordForEmail(uniqueEmail());
    await s.supabase().auth.resetPasswordForEmail(uniqueEmail());
    const limited = await s.supabase().auth.resetPasswordForEmail(uniqueEmail());
    expect(limited.error?.code).toBe('over_request_rate_limit');
  });
});
