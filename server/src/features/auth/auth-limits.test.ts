import { AUTH } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, uniqueEmail, verifyLinkOf } from '../../test/mail.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

// The documented limits (AUTH in shared) with clients told apart by X-Forwarded-For behind one trusted proxy.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const PASSWORD = 'Str0ng!pass';
let ipCounter = 0;
/** A client address no other test has used. */
const newIp = () => `198.51.100.${++ipCounter}`;

function post(path: string, body: unknown, ip: string) {
  return fetch(`${t.baseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

const signIn = (email: string, password: string, ip: string) => post('/token?grant_type=password', { email, password }, ip);
const signUp = (email: string, ip: string) => post('/signup', { email, password: PASSWORD }, ip);
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
/** The RateLimit-* headers (IETF draft) of a response, as numbers (NaN when absent). */
const rateLimitOf = (res: Response) => ({
  limit: Number(res.headers.get('ratelimit-limit')),
  remaining: Number(res.headers.get('ratelimit-remaining')),
  reset: Number(res.headers.get('ratelimit-reset')),
});
const WINDOW = AUTH.rateLimitWindowSeconds;

async function confirmedUser(): Promise<string> {
  const email = uniqueEmail();
  expect((await signUp(email, newIp())).status).toBe(200);
  await fetch(verifyLinkOf(await latestMail(t.baseUrl, email, /Confirm/)), { redirect: 'manual' });
  return email;
}

describe('sign-in limits cannot lock the owner out', () => {
  it('over the per-address budget the right password still signs in; wrong ones get 429', async () => {
    const email = await confirmedUser();
    const attacker = newIp();
    for (let i = 0; i < AUTH.signInPerEmail; i++) {
      expect(await codeOf(await signIn(email, `Wrong!pass${i}`, attacker))).toBe('invalid_credentials');
    }
    const guess = await signIn(email, 'Wrong!again', attacker);
    expect(guess.status).toBe(429);
    expect(Number(guess.headers.get('retry-after'))).toBeGreaterThan(0);

    const owner = newIp();
    const ok = await signIn(email, PASSWORD, owner);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { access_token?: string }).access_token).toBeTruthy();
    // Another client's wrong guesses stay refused while the address is over its budget.
    expect((await signIn(email, 'Wrong!other', newIp())).status).toBe(429);
    expect((await signIn(email, 'Wrong!other', owner)).status).toBe(429);
  });

  it('an IP over its budget is refused even the right password', async () => {
    const email = await confirmedUser();
    const ip = newIp();
    for (let i = 0; i < AUTH.signInPerIp; i++) {
      expect(await codeOf(await signIn(uniqueEmail('ghost'), 'Wrong!pass1', ip))).toBe('invalid_credentials');
    }
    const refused = await signIn(email, PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect((await signIn(email, PASSWORD, newIp())).status).toBe(200);
  });
});

describe('sign-up answers "already registered" (spec 1 §8) within limits', () => {
  it('per address: past the budget a taken address gets 429 from any IP; a new address is never refused', async () => {
    const email = await confirmedUser();
    for (let i = 0; i < AUTH.signInPerEmail; i++) {
      const res = await signUp(email, newIp());
      expect(res.status).toBe(422);
      expect(await codeOf(res)).toBe('user_already_exists');
    }
    const limited = await signUp(email, newIp());
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('over_request_rate_limit');
    expect((await signUp(uniqueEmail(), newIp())).status).toBe(200);
  });

  it('per IP: every sign-up counts, so one client probes at most signUpPerIp addresses per window', async () => {
    const ip = newIp();
    for (let i = 0; i < AUTH.signUpPerIp; i++) expect((await signUp(uniqueEmail(), ip)).status).toBe(200);
    const limited = await signUp(await confirmedUser(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rateLimitOf(limited)).toEqual({ limit: AUTH.signUpPerIp, remaining: 0, reset: Number(limited.headers.get('retry-after')) });
  });
});

describe('RateLimit-Limit, -Remaining and -Reset on every limited /auth/v1 answer', () => {
  it('sign-in shows the budget nearest to running out: the address, once a failure counts toward both', async () => {
    const email = await confirmedUser();
    const ip = newIp();
    // Nothing counted yet: the address's budget (the smaller) in full, no window open.
    const ok = await signIn(email, PASSWORD, ip);
    expect(ok.status).toBe(200);
    expect(rateLimitOf(ok)).toEqual({ limit: AUTH.signInPerEmail, remaining: AUTH.signInPerEmail, reset: 0 });

    const wrong = await signIn(email, 'Wrong!pass0', ip);
    expect(await codeOf(wrong)).toBe('invalid_credentials');
    expect(rateLimitOf(wrong)).toEqual({ limit: AUTH.signInPerEmail, remaining: AUTH.signInPerEmail - 1, reset: WINDOW });
    for (let i = 1; i < AUTH.signInPerEmail; i++) await signIn(email, `Wrong!pass${i}`, ip);
    const limited = await signIn(email, 'Wrong!again', ip);
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('over_request_rate_limit');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect(rateLimitOf(limited)).toEqual({ limit: AUTH.signInPerEmail, remaining: 0, reset: retryAfter });
  });

  it('sign-up, recovery and resend count per IP', async () => {
    const ip = newIp();
    const signedUp = await signUp(uniqueEmail(), ip);
    expect(signedUp.status).toBe(200);
    expect(rateLimitOf(signedUp)).toEqual({ limit: AUTH.signUpPerIp, remaining: AUTH.signUpPerIp - 1, reset: WINDOW });
    const recovered = await post('/recover', { email: uniqueEmail() }, ip);
    expect(recovered.status).toBe(200);
    expect(rateLimitOf(recovered)).toEqual({ limit: AUTH.recoverPerIp, remaining: AUTH.recoverPerIp - 1, reset: WINDOW });
    const resent = await post('/resend', { type: 'signup', email: uniqueEmail() }, ip);
    expect(resent.status).toBe(200);
    expect(rateLimitOf(resent)).toEqual({ limit: AUTH.resendPerIp, remaining: AUTH.resendPerIp - 1, reset: WINDOW });
  });
});
