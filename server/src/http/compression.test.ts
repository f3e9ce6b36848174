import Router from '@koa/router';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEST_OPTIONS, onboardedUser } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

// Test-only routes outside /api (no token needed): one JSON answer over the threshold, one under it.
const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: 'a founder task to do today' })) };
const SMALL = { ok: true };
/** How many times the counted answer was turned into JSON. */
let serialized = 0;
const sizes = () => {
  const router = new Router();
  router.get('/compression-test/big', (ctx) => (ctx.body = BIG));
  router.get('/compression-test/small', (ctx) => (ctx.body = SMALL));
  router.get('/compression-test/counted', (ctx) => {
    ctx.body = {
      toJSON() {
        serialized++;
        return BIG;
      },
    };
  });
  return router;
};

/** Raw bytes and headers, as sent on the wire (fetch would decode them). */
function raw(t: TestServer, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; chunks: Buffer[] }>((resolve, reject) => {
    const url = new URL(path, t.baseUrl);
    const req = request(url, { method: body ? 'POST' : 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, chunks }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...CHAT_TEST_OPTIONS, features: [sizes] });
});
afterAll(() => t.close());

describe('response compression', () => {
  it('gzips a JSON answer over 1 KB when the client accepts gzip', async () => {
    expect(JSON.stringify(BIG).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await raw(t, '/compression-test/big', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(gunzipSync(Buffer.concat(res.chunks)).toString('utf8'))).toEqual(BIG);
  });

  it('prefers br when the client takes both', async () => {
    const res = await raw(t, '/compression-test/big', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('leaves an answer under 1 KB, or a client that takes no encoding, as it is', async () => {
    const small = await raw(t, '/compression-test/small', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(Buffer.concat(small.chunks).toString('utf8'))).toEqual(SMALL);
    const plain = await raw(t, '/compression-test/big', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(Buffer.concat(plain.chunks).toString('utf8'))).toEqual(BIG);
  });

  it('turns a JSON answer into text once, compressed or not, with its length and type', async () => {
    for (const encoding of ['identity', 'gzip']) {
      serialized = 0;
      const res = await raw(t, '/compression-test/counted', { 'accept-encoding': encoding });
      const body = Buffer.concat(res.chunks);
      expect(serialized).toBe(1);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(res.headers['content-length'] ?? body.length)).toBe(body.length);
      expect(JSON.parse((encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8'))).toEqual(BIG);
    }
  });

  it('never buffers a streamed chat reply: its events still arrive chunk by chunk, uncompressed', async () => {
    const user = await onboardedUser(t);
    const res = await raw(
      t,
      `/api/conversation/${user.id}`,
      {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, br',
      },
      JSON.stringify({ role: 'user', text: 'What should I do first?' }),
    );
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.chunks.length).toBeGreaterThan(1);
    const text = Buffer.concat(res.chunks).toString('utf8');
    expect(text).toContain('event: delta');
    expect(text).toContain('event: done');
  });
});
