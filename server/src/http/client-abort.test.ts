import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';

/** Every log line the app writes, parsed. */
function capturingLog() {
  const lines: { level: number; msg: string; err?: { code?: string } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines };
}

/** Starts a download, reads its first chunk and hangs up, as a browser does when the tab closes. */
function hangUpAfterFirstChunk(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end();
  });
}

describe('a client that hangs up mid-response', () => {
  let t: TestServer;
  let dist: string;
  const { log, lines } = capturingLog();
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cofounder-web-'));
    mkdirSync(join(dist, 'assets'));
    // Larger than every socket buffer between the two ends, so the file is still streaming when the client leaves.
    writeFileSync(join(dist, 'assets', 'big-1.js'), Buffer.alloc(64 * 1024 * 1024, 'x'));
    t = await startTestServer({ env: { WEB_DIST_DIR: dist }, log });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is normal: nothing is logged at warn or error level', async () => {
    await hangUpAfterFirstChunk(`${t.baseUrl}/assets/big-1.js`);
    await expect.poll(() => lines.some((l) => l.err?.code === 'ERR_STREAM_PREMATURE_CLOSE')).toBe(true);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
