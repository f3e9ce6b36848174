import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import Router from '@koa/router';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '@cofounder/shared';
import { DISK_FULL_TEXT, HealthFailure } from '@cofounder/shared';
import { tasks } from '../db/schema.ts';
import { WRITE_PROBE_FILE } from '../features/health/store-health.ts';
import { AiError } from '../providers/ai/port.ts';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser } from '../test/users.ts';

// What a hostile or unlucky request gets instead of a 500: a model's unreadable answer is a 502 with the reason, a
// full disk a 507 with a clear text (and /api/health says which part of the store is failing), and a body over its
// limit a 413 the client actually reads. The disk is full for real: writes go to /dev/full, whose every write fails
// with the kernel's ENOSPC, and the database raises PostgreSQL's own disk-full SQLSTATE.

let fake: FakeOpenAi;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  const diskFull = new Router();
  diskFull.post('/api/test-write-file', async (ctx) => {
    await writeFile('/dev/full', 'a note the founder saved');
    ctx.body = { success: true };
  });
  diskFull.post('/api/test-write-row', async (ctx) => {
    await t.database.db.execute(sql`do $$ begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$`);
    ctx.body = { success: true };
  });
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model', OPENAI_MAX_RETRIES: '0' },
    features: [() => diskFull],
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const health = async () => {
  const res = await fetch(`${t.baseUrl}/api/health`);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('a model answer the product cannot read', () => {
  it('Generate tasks answers 502 with the reason, as chat does, and stores no task', async () => {
    const founder = await onboardedUser(t);
    const tasksOf = () => t.database.db.select({ id: tasks.id }).from(tasks).where(sql`${tasks.userId} = ${founder.id}`);
    const before = await tasksOf();
    fake.reset();
    // Not a task plan, on the first answer and on the repair turn.
    fake.structured.task_plan = { tasks: 'none today' };
    const res = await call(t, 'POST', `/api/tasks/${founder.id}/generate`, { token: founder.token });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'ai_unavailable', message: new AiError('bad_output').message } });
    expect(await tasksOf()).toEqual(before);
  }, 60_000);
});

describe('a full disk', () => {
  it('a file write is a 507 with the disk-full text, and /api/health fails while the data folder takes no writes', async () => {
    expect(await health()).toEqual({ status: 200, body: { ok: true } satisfies HealthResponse });
    const founder = await signedInUser(t);
    const res = await call(t, 'POST', '/api/test-write-file', { token: founder.token, body: {} });
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ error: { code: 'insufficient_storage', message: DISK_FULL_TEXT } });

    const probe = join(t.config.dataDir, WRITE_PROBE_FILE);
    await mkdir(t.config.dataDir, { recursive: true });
    await symlink('/dev/full', probe);
    try {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(HealthFailure.parse(body).failing.map((f) => f.part)).toEqual(['files']);
      // Public: it names the part, never a path of the server.
      expect(JSON.stringify(body)).not.toContain(t.config.dataDir);
    } finally {
      await rm(probe);
    }
    expect((await health()).status).toBe(200);
  });

  it('a database write refused for lack of space is a 507, and /api/health reports the database', async () => {
    const founder = await signedInUser(t);
    const res = await call(t, 'POST', '/api/test-write-row', { token: founder.token, body: {} });
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ error: { code: 'insufficient_storage', message: DISK_FULL_TEXT } });
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(HealthFailure.parse(body).failing.map((f) => f.part)).toEqual(['database']);
  });
});

/**
 * A client that uploads as a browser does: half the body, then (once the server answered, or after a moment) the
 * rest, and only then reads the answer. A server that answers and closes under the upload makes the second half fail
 * with a reset, which browsers and fetch report as a network error instead of the answer.
 */
async function uploadInTwoHalves(path: string, token: string, body: Buffer, chunked: boolean) {
  const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
  let received = '';
  let error: string | null = null;
  const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
  socket.on('error', (err) => (error = (err as NodeJS.ErrnoException).code ?? err.message));
  const framed = (part: Buffer) => (chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part);
  const send = (data: Buffer | string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  await send(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
  const half = Math.floor(body.length / 2);
  await send(framed(body.subarray(0, half)));
  await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 500))]);
  await send(framed(body.subarray(half)));
  if (chunked) await send('0\r\n\r\n');
  // The whole answer: its headers and the JSON body they announce.
  await new Promise<void>((resolve) => {
    const done = () => {
      const [head, rest = ''] = received.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN);
      if (error || socket.destroyed || rest.length >= length) resolve();
    };
    socket.on('data', done);
    socket.on('close', () => resolve());
    done();
  });
  socket.destroy();
  const [head = '', text = ''] = received.split('\r\n\r\n');
  return { error, status: Number(head.split(' ')[1]), text, keptOpen: !/^connection: close/im.test(head) };
}

describe('a body over the limit', () => {
  const oversized = Buffer.from(JSON.stringify({ note: 'x'.repeat(4_000_000) }));

  for (const chunked of [false, true]) {
    it(`${chunked ? 'sent in chunks with no length' : 'with its length declared'}: the client sends it all and reads the 413`, async () => {
      const founder = await onboardedUser(t);
      const res = await uploadInTwoHalves(`/api/tasks/${founder.id}/generate`, founder.token, oversized, chunked);
      expect(res.error).toBeNull();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text).error.code).toBe('payload_too_large');
      // Read to its end, the body leaves the connection fit for the next request.
      expect(res.keptOpen).toBe(true);
    });
  }
});
