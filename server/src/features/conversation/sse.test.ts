import pino from 'pino';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { sseEvents } from '../../test/sse.ts';
import { call } from '../../test/users.ts';

// The streamed variant bypasses Koa's response handling; the request log must still see it exactly once.

const lines: { msg: string; path?: string; status?: number; method?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, log: pino({ level: 'info' }, sink) });
});
afterAll(() => t.close());

describe('streamed replies', () => {
  it('are event streams, logged as one request line with status 200', async () => {
    const user = await onboardedUser(t);
    lines.length = 0;
    const res = await call(t, 'POST', `/api/conversation/${user.id}`, {
      token: user.token,
      body: { role: 'user', text: 'What should I do first?' },
      headers: { accept: 'text/event-stream' },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const kinds: string[] = [];
    for await (const event of sseEvents(res)) kinds.push(event.event);
    expect(kinds.at(-1)).toBe('done');
    const logged = lines.filter((l) => l.msg === 'request' && l.path === `/api/conversation/${user.id}`);
    expect(logged).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
  });

  it('finish and store the reply when the tab closes mid-stream', async () => {
    const user = await onboardedUser(t);
    const abort = new AbortController();
    const res = await fetch(`${t.baseUrl}/api/conversation/${user.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ role: 'user', text: 'Tell me about go-to-market' }),
      signal: abort.signal,
    });
    await expect(
      (async () => {
        for await (const event of sseEvents(res)) if (event.event === 'delta') abort.abort();
      })(),
    ).rejects.toThrow();
    const replies = () =>
      t.database.db.$count(messages, and(eq(messages.userId, user.id), eq(messages.channel, 'chat'), eq(messages.role, 'intern')));
    // No GET has stored a welcome yet, so the one intern message is this reply.
    await expect.poll(replies, { timeout: 5000 }).toBe(1);
  });
});
