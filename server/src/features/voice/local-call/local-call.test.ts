import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationResponse, LOCAL_CALL_CLOSE, TaskListResponse, UsageDetails, VOICE_TEXT } from '@cofounder/shared';
import { voiceCalls } from '../../../db/schema.ts';
import { detectLocalSpeech } from '../../../providers/voice/local/detect.ts';
import { parseWav } from '../../../providers/voice/local/wav.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { call, signedInUser, type TestUser } from '../../../test/users.ts';
import { silence, spoken } from '../../../test/speech.ts';
import { openCallSocket, type CallClient } from './local-call-client.ts';

// The whole local call over a real socket: flite speaks a founder's request into it, pocketsphinx hears it, the
// offline co-founder answers as the chat does, flite speaks the answer back. Needs the Debian packages (CI has them).

const speech = detectLocalSpeech();
const REQUEST = 'Make a plan to research our top five competitors';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(CHAT_TEST_OPTIONS);
});
afterAll(() => t?.close());

async function startCall(user: TestUser): Promise<CallClient> {
  const client = await openCallSocket(t.baseUrl);
  client.send({ type: 'start', token: user.token });
  await client.until((r) => r.messages.some((m) => m.type === 'ready' || m.type === 'ended'));
  return client;
}

const transcripts = (client: CallClient, role: 'user' | 'intern') =>
  client.messages.flatMap((m) => (m.type === 'transcript' && m.role === role ? [m] : []));

/**
 * Each call recognises and synthesises real speech, several turns of it in the barge-in test (23 s on two idle
 * cores): the bound leaves room for a machine with one core, or one busy with the other suites.
 */
const CALL_TEST_TIMEOUT_MS = 120_000;

describe.skipIf(!speech.found)('local call socket', { timeout: CALL_TEST_TIMEOUT_MS }, () => {
  it('hears a spoken request, answers as the chat does (offline, with tasks), speaks the answer, saves both', async () => {
    const user = await onboardedUser(t);
    const client = await startCall(user);
    expect(client.messages[0]).toMatchObject({ type: 'ready', maxSeconds: 15 * 60 });

    await client.stream(Int16Array.from([...silence(500), ...spoken(REQUEST), ...silence(1200)]));
    await client.until((r) => r.audio.length === 1);

    const [heard] = transcripts(client, 'user');
    expect(heard!.text).toMatch(/plan/);
    expect(heard!.text).toMatch(/research/);
    expect(heard!.text).toMatch(/competitors/);
    const [answer] = transcripts(client, 'intern');
    expect(answer).toMatchObject({ producedBy: 'offline' });
    expect(answer!.tasksCreated).toBeGreaterThan(0);
    // The answer comes as one 16-bit mono WAV that holds speech.
    const wav = parseWav(client.audio[0]!.wav);
    expect(wav!.samples.length / wav!.sampleRate).toBeGreaterThan(1);

    client.send({ type: 'end' });
    expect(await client.closed).toBe(1000);
    expect(client.messages.at(-1)).toEqual({ type: 'ended', error: null });

    // The call is in the chat's history, as the chat stores it, with the tasks it planned.
    const history = ConversationResponse.parse(
      await (await call(t, 'GET', `/api/conversation/${user.id}`, { token: user.token })).json(),
    );
    const texts = history.messages.map((m) => [m.role, m.text]);
    expect(texts).toContainEqual(['user', heard!.text]);
    expect(texts).toContainEqual(['intern', answer!.text]);
    expect(history.messages.some((m) => m.isTaskNotification)).toBe(true);
    const tasks = TaskListResponse.parse(await (await call(t, 'GET', `/api/tasks/${user.id}`, { token: user.token })).json());
    expect(tasks.tasks.length).toBeGreaterThanOrEqual(answer!.tasksCreated!);
    // …and ended.
    const [row] = await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.userId, user.id));
    expect(row!.endedAt).not.toBeNull();
  });

  it('barge-in: speaking over an answer that plays stops it; muting ends the turn in progress', async () => {
    const user = await signedInUser(t);
    const client = await startCall(user);
    await client.stream(Int16Array.from([...silence(300), ...spoken('What should I focus on this week'), ...silence(1000)]));
    await client.until((r) => r.audio.length === 1);
    expect(client.messages.some((m) => m.type === 'barge_in')).toBe(false);

    // The answer lasts seconds; the founder talks over it at once.
    await client.stream(spoken('How do I find my first customers'));
    await client.until((r) => r.messages.some((m) => m.type === 'barge_in'));
    // No trailing silence was sent: the mute ends that turn, and it is heard and answered.
    client.send({ type: 'mute', muted: true });
    await client.until((r) => transcripts(client, 'user').length === 2 && r.audio.length === 2);
    expect(transcripts(client, 'user')[1]!.text).toMatch(/customers/);
    client.send({ type: 'end' });
    await client.closed;
  });

  it('meters the call by its length when the socket closes, and frees the founder for the next', async () => {
    const user = await signedInUser(t);
    const first = await startCall(user);
    t.clock.advance(90_000);
    first.socket.close();
    await first.closed;
    await expect.poll(async () => {
      const res = await call(t, 'GET', '/api/subscription/usage-details', { token: user.token });
      return UsageDetails.parse(await res.json()).usage.voiceMinutes.used;
    }).toBe(2);
    const next = await startCall(user);
    expect(next.messages[0]).toMatchObject({ type: 'ready', maxSeconds: 15 * 60 - 90 });
    next.send({ type: 'end' });
    await next.closed;
  });

  it('one running call per founder: a second is refused with the call-in-progress text', async () => {
    const user = await signedInUser(t);
    const first = await startCall(user);
    const second = await startCall(user);
    expect(second.messages).toEqual([{ type: 'ended', error: VOICE_TEXT.callInProgress }]);
    expect(await second.closed).toBe(1000);
    expect(first.socket.readyState).toBe(first.socket.OPEN);
    first.send({ type: 'end' });
    await first.closed;
  });

  it('no minutes left: refused with the limit text', async () => {
    const user = await signedInUser(t);
    const first = await startCall(user);
    t.clock.advance(20 * 60_000); // past the free trial's 15 minutes
    first.send({ type: 'end' });
    await first.closed;
    const refused = await startCall(user);
    expect(refused.messages).toEqual([{ type: 'ended', error: VOICE_TEXT.callLimitReached }]);
  });

  it('requires authentication: a bad token, audio before start, or another message first is closed with 4401/4400', async () => {
    const bad = await openCallSocket(t.baseUrl);
    bad.send({ type: 'start', token: 'not-a-token' });
    expect(await bad.closed).toBe(LOCAL_CALL_CLOSE.unauthorized);

    const early = await openCallSocket(t.baseUrl);
    early.socket.send(Buffer.alloc(640), { binary: true });
    expect(await early.closed).toBe(LOCAL_CALL_CLOSE.badMessage);

    const skipped = await openCallSocket(t.baseUrl);
    skipped.send({ type: 'end' });
    expect(await skipped.closed).toBe(LOCAL_CALL_CLOSE.unauthorized);
    expect([bad, early, skipped].flatMap((c) => c.messages)).toEqual([]);
  });

  it('refuses a page of another origin at the handshake, and any other path', async () => {
    await expect(openCallSocket(t.baseUrl, { origin: 'https://evil.example' })).rejects.toThrow('handshake refused: 403');
    const own = await openCallSocket(t.baseUrl, { origin: new URL(t.config.publicUrl).origin });
    own.socket.close();
    await expect(openCallSocket(`${t.baseUrl}/elsewhere`)).rejects.toThrow('handshake refused: 404');
  });
});
