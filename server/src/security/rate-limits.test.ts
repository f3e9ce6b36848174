import { RATE_LIMITS, SMS } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../db/schema.ts';
import { createRateLimits, SWEEP_EVERY } from '../http/rate-limits.ts';
import { givePlan } from '../test/billing.ts';
import { travel } from '../test/clock.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Issue 13 §5: per-user budgets on chat, call sessions, texts and computer tasks answer 429 with
// Retry-After, hold across server processes (two apps on one database share them), and open again once the
// window has passed. Every answer a budget was checked for carries RateLimit-Limit, -Remaining and -Reset.
// Login's per-address limit answers Retry-After too; the transcription burst is proven in
// features/voice/transcription.test.ts (it needs the voice provider).

let t: TestServer;
let second: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { AUTH_RATE_LIMITS: 'true' } });
  // A second server process on the same database: budgets are counted in the database, not in memory.
  second = await startTestServer({ database: t.database, env: { PUBLIC_URL: t.baseUrl } });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
  vi.useRealTimers(); // travel() faked Date
});

/** Sends `count` requests, alternating the two servers; returns the statuses and the last response. */
async function hammer(count: number, send: (server: TestServer) => Promise<Response>) {
  const statuses: number[] = [];
  let last: Response | null = null;
  for (let i = 0; i < count; i++) {
    last = await send(i % 2 === 0 ? t : second);
    statuses.push(last.status);
  }
  return { statuses, last: last! };
}

const retryAfter = (res: Response) => Number(res.headers.get('retry-after'));

/** The RateLimit-* headers (IETF draft) of a response, as numbers (NaN when absent). */
const rateLimitOf = (res: Response) => ({
  limit: Number(res.headers.get('ratelimit-limit')),
  remaining: Number(res.headers.get('ratelimit-remaining')),
  reset: Number(res.headers.get('ratelimit-reset')),
});

describe('per-user budgets (issue 13 §5)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signedInUser(t);
    await givePlan(t.database, user.id, 'scale');
  });

  it('chat: the message over the per-minute budget gets 429 with Retry-After, on either process, and the model is not called', async () => {
    const { max, windowMs } = RATE_LIMITS.chat;
    const send = (server: TestServer) =>
      call(server, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'Hello' } });
    const first = await send(t);
    expect(first.status).toBe(200);
    expect(rateLimitOf(first)).toEqual({ limit: max, remaining: max - 1, reset: windowMs / 1000 });
    // Both processes (hammer alternates them) count on from the same row.
    const { statuses, last } = await hammer(max, send);
    expect(statuses.slice(0, max - 1)).toEqual(Array(max - 1).fill(200));
    expect(statuses.at(-1)).toBe(429);
    expect((await last.json()).error.message).toBe(RATE_LIMITS.texts.chat);
    expect(retryAfter(last)).toBeGreaterThan(0);
    expect(retryAfter(last)).toBeLessThanOrEqual(windowMs / 1000);
    expect(rateLimitOf(last)).toEqual({ limit: max, remaining: 0, reset: retryAfter(last) });
    // Past the window the budget opens again, with a fresh window.
    travel(windowMs);
    const again = await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'Hello again' } });
    expect(again.status).toBe(200);
    expect(rateLimitOf(again)).toEqual({ limit: max, remaining: max - 1, reset: windowMs / 1000 });
  }, 60_000);

  it('call sessions, computer tasks and simulated texts have their own budgets', async () => {
    const sessions = await hammer(RATE_LIMITS.callSessions.max + 1, (server) =>
      call(server, 'GET', `/api/realtime-voice/session?userId=${user.id}`, { token: user.token }),
    );
    expect(sessions.statuses.slice(0, -1)).not.toContain(429);
    expect(sessions.last.status).toBe(429);
    expect(retryAfter(sessions.last)).toBeGreaterThan(0);
    expect(rateLimitOf(sessions.last)).toMatchObject({ limit: RATE_LIMITS.callSessions.max, remaining: 0 });

    const tasks = await hammer(RATE_LIMITS.computerTasks.max + 1, (server) =>
      call(server, 'POST', '/api/computer-use/run-task/00000000-0000-4000-8000-000000000000', { token: user.token, body: { task: 'open example.com' } }),
    );
    expect(tasks.statuses.slice(0, -1)).not.toContain(429);
    expect(tasks.last.status).toBe(429);
    expect((await tasks.last.json()).error.message).toBe(RATE_LIMITS.texts.computerTasks);
    expect(rateLimitOf(tasks.last)).toMatchObject({ limit: RATE_LIMITS.computerTasks.max, remaining: 0 });

    const texts = await hammer(RATE_LIMITS.smsSimulate.max + 1, (server) =>
      call(server, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from: '+14155550100', body: 'hi' } }),
    );
    expect(texts.statuses.slice(0, -1)).not.toContain(429);
    expect(texts.last.status).toBe(429);
    expect(retryAfter(texts.last)).toBeGreaterThan(0);
    expect(rateLimitOf(texts.last)).toMatchObject({ limit: RATE_LIMITS.smsSimulate.max, remaining: 0 });
  }, 60_000);

  it('verification codes: the one over SMS.codeRateLimit gets 429 with Retry-After', async () => {
    const { max, windowMs } = SMS.codeRateLimit;
    const codes = await hammer(max + 1, (server) =>
      call(server, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} }),
    );
    expect(codes.statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(codes.last.status).toBe(429);
    expect(retryAfter(codes.last)).toBeGreaterThan(0);
    expect(retryAfter(codes.last)).toBeLessThanOrEqual(windowMs / 1000);
    expect(rateLimitOf(codes.last)).toEqual({ limit: max, remaining: 0, reset: retryAfter(codes.last) });
  });

  it('login: over the per-address limit the auth server answers 429 with Retry-After', async () => {
    let res: Response | null = null;
    for (let i = 0; i < 40 && res?.status !== 429; i++) {
      res = await fetch(`${t.baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: t.anonKey },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
      });
    }
    expect(res!.status).toBe(429);
    expect(retryAfter(res!)).toBeGreaterThan(0);
    expect(rateLimitOf(res!)).toEqual({ limit: t.config.auth.limits.signInPerEmail, remaining: 0, reset: retryAfter(res!) });
  }, 60_000);

  it('USER_RATE_LIMITS=false lifts the budgets (end-to-end and proof runs from one client)', async () => {
    const open = await startTestServer({ env: { USER_RATE_LIMITS: 'false' } });
    try {
      const founder = await signedInUser(open);
      await givePlan(open.database, founder.id, 'scale');
      const { statuses } = await hammer(RATE_LIMITS.chat.max + 5, () =>
        call(open, 'POST', `/api/conversation/${founder.id}`, { token: founder.token, body: { role: 'user', text: 'Hello' } }),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      const last = await call(open, 'POST', `/api/conversation/${founder.id}`, { token: founder.token, body: { role: 'user', text: 'Hello' } });
      expect(last.headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await open.close();
    }
  }, 60_000);
});

describe('the counters table (rate-limiter-flexible on drizzle)', () => {
  const rowsOf = (key: string) => t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));

  it('keeps one row per key, counts refused requests too, and sweeps ended windows now and then', async () => {
    const limits = createRateLimits(t.database.db);
    const short = { max: 1, windowMs: 1000 };
    expect(await limits.hit('sweep:ended', short)).toEqual({ ok: true, limit: 1, remaining: 0, resetSeconds: 1 });
    expect(await limits.hit('sweep:ended', short)).toEqual({ ok: false, limit: 1, remaining: 0, resetSeconds: 1 });
    expect((await rowsOf('sweep:ended')).map((r) => r.points)).toEqual([2]);
    travel(2000);
    const long = { max: 1000, windowMs: 60_000 };
    for (let i = 2; i < SWEEP_EVERY - 1; i++) await limits.hit('sweep:live', long);
    expect(await rowsOf('sweep:ended')).toHaveLength(1);
    // The SWEEP_EVERY-th hit deletes the windows that have ended, and only those.
    expect(await limits.hit('sweep:live', long)).toMatchObject({ ok: true, remaining: 1000 - (SWEEP_EVERY - 2) });
    expect(await rowsOf('sweep:ended')).toHaveLength(0);
    expect((await rowsOf('sweep:live')).map((r) => r.points)).toEqual([SWEEP_EVERY - 2]);
  }, 60_000);
});
