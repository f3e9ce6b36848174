import { RATE_LIMITS, SMS } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../test/billing.ts';
import { alignToWindow } from '../test/clock.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Issue 13 §5: per-user budgets on chat, call sessions, texts and computer tasks answer 429 with
// Retry-After, hold across server processes (two apps on one database share them), and open again once the
// window has passed. Login's per-address limit answers Retry-After too; the transcription burst is proven in
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

/**
 * Moves both apps' clocks (which agree) to the start of a fresh window of `windowMs`, so a hammer never straddles
 * a window boundary (a fixed window would start counting again there).
 */
function freshWindow(windowMs: number): void {
  const before = t.clock.now();
  alignToWindow(t.clock, windowMs);
  second.clock.advance(t.clock.now() - before);
}

describe('per-user budgets (issue 13 §5)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signedInUser(t);
    await givePlan(t.database, user.id, 'scale');
  });

  it('chat: the message over the per-minute budget gets 429 with Retry-After, on either process, and the model is not called', async () => {
    freshWindow(RATE_LIMITS.chat.windowMs);
    const { statuses, last } = await hammer(RATE_LIMITS.chat.max + 1, (server) =>
      call(server, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'Hello' } }),
    );
    expect(statuses.slice(0, RATE_LIMITS.chat.max)).toEqual(Array(RATE_LIMITS.chat.max).fill(200));
    expect(statuses.at(-1)).toBe(429);
    expect((await last.json()).error.message).toBe(RATE_LIMITS.texts.chat);
    expect(retryAfter(last)).toBeGreaterThan(0);
    expect(retryAfter(last)).toBeLessThanOrEqual(RATE_LIMITS.chat.windowMs / 1000);
    // Both apps share one clock object per server; moving both past the window opens the budget again.
    t.clock.advance(RATE_LIMITS.chat.windowMs);
    second.clock.advance(RATE_LIMITS.chat.windowMs);
    expect((await call(t, 'POST', `/api/conversation/${user.id}`, { token: user.token, body: { role: 'user', text: 'Hello again' } })).status).toBe(200);
  }, 60_000);

  it('call sessions, computer tasks and simulated texts have their own budgets', async () => {
    freshWindow(RATE_LIMITS.callSessions.windowMs);
    const sessions = await hammer(RATE_LIMITS.callSessions.max + 1, (server) =>
      call(server, 'GET', `/api/realtime-voice/session?userId=${user.id}`, { token: user.token }),
    );
    expect(sessions.statuses.slice(0, -1)).not.toContain(429);
    expect(sessions.last.status).toBe(429);
    expect(retryAfter(sessions.last)).toBeGreaterThan(0);

    freshWindow(RATE_LIMITS.computerTasks.windowMs);
    const tasks = await hammer(RATE_LIMITS.computerTasks.max + 1, (server) =>
      call(server, 'POST', '/api/computer-use/run-task/00000000-0000-4000-8000-000000000000', { token: user.token, body: { task: 'open example.com' } }),
    );
    expect(tasks.statuses.slice(0, -1)).not.toContain(429);
    expect(tasks.last.status).toBe(429);
    expect((await tasks.last.json()).error.message).toBe(RATE_LIMITS.texts.computerTasks);

    freshWindow(RATE_LIMITS.smsSimulate.windowMs);
    const texts = await hammer(RATE_LIMITS.smsSimulate.max + 1, (server) =>
      call(server, 'POST', `/api/sms/simulate/${user.id}`, { token: user.token, body: { from: '+14155550100', body: 'hi' } }),
    );
    expect(texts.statuses.slice(0, -1)).not.toContain(429);
    expect(texts.last.status).toBe(429);
    expect(retryAfter(texts.last)).toBeGreaterThan(0);
  }, 60_000);

  it('verification codes: the one over SMS.codeRateLimit gets 429 with Retry-After', async () => {
    freshWindow(SMS.codeRateLimit.windowMs);
    const codes = await hammer(SMS.codeRateLimit.max + 1, (server) =>
      call(server, 'POST', `/api/sms/generate-code/${user.id}`, { token: user.token, body: {} }),
    );
    expect(codes.statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(codes.last.status).toBe(429);
    expect(retryAfter(codes.last)).toBeGreaterThan(0);
    expect(retryAfter(codes.last)).toBeLessThanOrEqual(SMS.codeRateLimit.windowMs / 1000);
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
    } finally {
      await open.close();
    }
  }, 60_000);
});
