import { CALL_TOOLS, RealtimeSession, UsageDetails, VOICE, VOICE_TEXT } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tasks, voiceCalls } from '../../db/schema.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { detectLocalSpeech } from '../../providers/voice/local/detect.ts';
import { createUnavailableVoiceProvider } from '../../providers/voice/unavailable.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { startVoiceTestServer, VOICE_TEST_KEY, type VoiceTestServer } from './voice-test-setup.ts';

let v: VoiceTestServer;
let t: TestServer;
beforeAll(async () => {
  v = await startVoiceTestServer();
  t = v.t;
});
afterAll(() => v.close());
beforeEach(() => v.fake.reset());

const session = (user: TestUser, userId = user.id) =>
  call(t, 'GET', `/api/realtime-voice/session?userId=${encodeURIComponent(userId)}`, { token: user.token });

/** Every client secret handed out in this file, for the log check at the end. */
const secrets: string[] = [];

async function startCall(user: TestUser): Promise<RealtimeSession> {
  const res = await session(user);
  expect(res.status).toBe(200);
  const s = RealtimeSession.parse(await res.json());
  secrets.push(s.client_secret.value);
  return s;
}

const cleanup = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/realtime-voice/cleanup', { token: user.token, body: { userId: user.id, ...body } });

const tool = (user: TestUser, callId: string, name: string, args: unknown) =>
  call(t, 'POST', '/api/realtime-voice/tool', {
    token: user.token,
    body: { callId, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
  });

async function voiceMinutesUsed(user: TestUser): Promise<number> {
  const res = await call(t, 'GET', '/api/subscription/usage-details', { token: user.token });
  return UsageDetails.parse(await res.json()).usage.voiceMinutes.used;
}

describe('GET /api/realtime-voice/session', () => {
  it('mints a secret for a call built from the founder\'s profile, settings and tasks, with the create_task tool', async () => {
    const user = await onboardedUser(t);
    const s = await startCall(user);
    expect(s.client_secret.value).toMatch(/^ek_fake_/);
    expect(s.realtime).toEqual({ callsUrl: `${v.fake.baseUrl}/realtime/calls`, model: VOICE.realtimeModel, voice: VOICE.realtimeVoice });
    // A free trial has 15 minutes; one call is capped at VOICE.maxCallSeconds.
    expect(s.maxSeconds).toBe(Math.min(15 * 60, VOICE.maxCallSeconds));

    const [minted] = v.fake.clientSecrets;
    expect(minted!.authorization).toBe(`Bearer ${VOICE_TEST_KEY}`);
    const sent = minted!.body.session as { model: string; instructions: string; tools: { name: string; parameters: { required?: string[] } }[] };
    expect(sent.model).toBe(VOICE.realtimeModel);
    expect(sent.instructions).toContain('Ada Lovelace');
    expect(sent.instructions).toContain('Surplus bread marketplace');
    expect(sent.instructions).toContain('Open tasks');
    expect(sent.instructions).toContain(CALL_TOOLS.createTask);
    expect(sent.tools.map((x) => x.name)).toEqual([CALL_TOOLS.createTask]);
    expect(sent.tools[0]!.parameters.required).toEqual(['description', 'agent']);
  });

  it('403 for another user\'s id, 400 without one', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    expect((await session(a, b.id)).status).toBe(403);
    expect((await call(t, 'GET', '/api/realtime-voice/session', { token: a.token })).status).toBe(400);
    expect(v.fake.clientSecrets).toHaveLength(0);
  });

  it('one running call per founder: of two concurrent starts the second gets 409', async () => {
    const user = await signedInUser(t);
    const results = await Promise.all([session(user), session(user)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect((await refused.json()).error.message).toBe(VOICE_TEXT.callInProgress);
    expect(v.fake.clientSecrets).toHaveLength(1);
  });

  async function sessionRefused(options: Parameters<typeof startTestServer>[0]) {
    const off = await startTestServer({ ...CHAT_TEST_OPTIONS, ...options });
    try {
      const user = await signedInUser(off);
      const res = await call(off, 'GET', `/api/realtime-voice/session?userId=${user.id}`, { token: user.token });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'unavailable', message: VOICE_TEXT.sessionFailed });
    } finally {
      await off.close();
    }
  }

  it('503 with the session failure text when no voice provider is configured', () =>
    sessionRefused({ voice: createUnavailableVoiceProvider() }));

  // Needs the Debian packages (CI installs them).
  const localSpeech = detectLocalSpeech();
  it.skipIf(!localSpeech.found)('503 too when voice is local: its calls run over the local call socket', () =>
    sessionRefused({ speechDetection: localSpeech }));

  it('a provider failure leaves no call behind', async () => {
    const user = await signedInUser(t);
    v.fake.fail(500);
    const res = await session(user);
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toBe(VOICE_TEXT.sessionFailed);
    expect(await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.userId, user.id))).toEqual([]);
  });
});

describe('POST /api/realtime-voice/cleanup', () => {
  it('ends the call, meters its length once, and frees the founder for the next call', async () => {
    const user = await signedInUser(t);
    const s = await startCall(user);
    t.clock.advance(90_000);
    expect((await cleanup(user, { callId: s.callId })).status).toBe(200);
    expect(await voiceMinutesUsed(user)).toBe(2);
    t.clock.advance(600_000);
    expect((await cleanup(user, { callId: s.callId })).status).toBe(200); // idempotent
    expect(await voiceMinutesUsed(user)).toBe(2);

    const next = await startCall(user);
    expect(next.maxSeconds).toBe(15 * 60 - 90);
    expect((await cleanup(user, {})).status).toBe(200); // no callId: every open call
    const [row] = await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, next.callId));
    expect(row!.endedAt).not.toBeNull();
  });

  it('meters at most the call\'s allowed seconds', async () => {
    const user = await signedInUser(t);
    const s = await startCall(user);
    t.clock.advance((s.maxSeconds + 30) * 1000);
    await cleanup(user, { callId: s.callId });
    expect(await voiceMinutesUsed(user)).toBe(15);
    const res = await session(user);
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toBe(VOICE_TEXT.callLimitReached);
  });

  it('a call never cleaned up stops blocking after its time and grace, and is metered in full', async () => {
    const user = await signedInUser(t);
    const s = await startCall(user);
    t.clock.advance(60_000);
    expect((await session(user)).status).toBe(409);
    t.clock.advance((s.maxSeconds + VOICE.staleCallGraceSeconds) * 1000);
    // The stale call took the whole free-trial allowance, so the next call is refused for minutes, not as busy.
    expect((await session(user)).status).toBe(429);
    expect(await voiceMinutesUsed(user)).toBe(15);
  });

  it('refuses another user\'s id (403) and another user\'s call (404)', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const s = await startCall(b);
    expect((await cleanup(a, { userId: b.id })).status).toBe(403);
    expect((await cleanup(a, { callId: s.callId })).status).toBe(404);
    expect((await cleanup(a, { callId: 'not-a-uuid' })).status).toBe(404);
  });
});

describe('POST /api/realtime-voice/transcript', () => {
  it('saves the call\'s utterances into the chat history, in order', async () => {
    const user = await onboardedUser(t);
    const s = await startCall(user);
    const items = [
      { role: 'user', text: 'Can you look into bakery pricing?' },
      { role: 'intern', text: 'Sure, I will research it today.' },
    ];
    const res = await call(t, 'POST', '/api/realtime-voice/transcript', { token: user.token, body: { callId: s.callId, items } });
    expect(res.status).toBe(200);
    const history = await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json();
    const last = history.messages.slice(-2).map((m: { role: string; text: string }) => ({ role: m.role, text: m.text }));
    expect(last).toEqual(items);
  });

  it('404 for a call that is not the caller\'s', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const s = await startCall(b);
    const res = await call(t, 'POST', '/api/realtime-voice/transcript', {
      token: a.token,
      body: { callId: s.callId, items: [{ role: 'user', text: 'hi' }] },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/realtime-voice/tool', () => {
  it('create_task stores a task like the chat does and answers a sentence for the model', async () => {
    const user = await signedInUser(t);
    const s = await startCall(user);
    const res = await tool(user, s.callId, CALL_TOOLS.createTask, {
      description: 'Draft a tweet about our launch',
      priority: 8,
      agent: 'marketing_agent',
      requiredPlatforms: ['twitter'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, output: 'Task created: Draft a tweet about our launch (priority 8).' });
    const stored = await t.database.db.select().from(tasks).where(eq(tasks.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ agent: 'marketing_agent', requiredPlatforms: ['twitter'], status: 'pending' });

    const again = await tool(user, s.callId, CALL_TOOLS.createTask, {
      description: 'Draft a tweet about our launch',
      agent: 'marketing_agent',
    });
    expect((await again.json()).output).toBe(
      'No new task was created: the founder\'s task list already has "Draft a tweet about our launch" (open, or added in the last 30 days).',
    );
  });

  it('400 for unknown tools, bad JSON and bad arguments; 404 for another user\'s call', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const s = await startCall(a);
    expect((await tool(a, s.callId, 'delete_everything', {})).status).toBe(400);
    expect((await tool(a, s.callId, CALL_TOOLS.createTask, '{not json')).status).toBe(400);
    expect((await tool(a, s.callId, CALL_TOOLS.createTask, { description: 'x', priority: 11 })).status).toBe(400);
    expect((await tool(b, s.callId, CALL_TOOLS.createTask, { description: 'Call ten bakeries', agent: 'sales_agent' })).status).toBe(404);
    expect(await t.database.db.select().from(tasks).where(eq(tasks.userId, a.id))).toEqual([]);
  });
});

describe('secrets', () => {
  it('never logs the client secret or the API key', () => {
    const logged = v.logs.join('');
    expect(logged).toContain('/api/realtime-voice/session'); // the requests were logged...
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(logged).not.toContain(secret); // ...but not what they answered
    expect(logged).not.toContain(VOICE_TEST_KEY);
  });
});
