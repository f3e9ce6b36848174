import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TranscribeFailure, TranscriptionResponse, VOICE, VOICE_TEXT } from '@cofounder/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { usageCounters } from '../db/schema.ts';
import { monthKey } from '../features/usage/usage.service.ts';
import { CHAT_TEST_OPTIONS } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { call, signedInUser, type TestUser } from '../test/users.ts';

// Local transcription does the work its audio's real duration asks, and only for a client still waiting: a WAV
// header claiming hours is refused before anything is decoded, a header that does not match its file is refused,
// a recording longer than the founder's minutes is refused with their usage untouched, a founder has one
// recording in flight, and a recording whose client went away is dropped from the recognisers' line or stopped.
//
// The recogniser is a stand-in for pocketsphinx_batch (the same command line and control-list FIFO): it logs
// each recording it is asked for, and holds its answer while the test keeps a `hold` file, so a test can see
// whether a recording ever reached it and can keep recognisers busy for as long as it needs.

let t: TestServer;
/** This file's TMPDIR: the uploads' temp files and the recogniser's folders, so what is left behind shows. */
let temp: string;
/** The stand-in recogniser, its log of recordings started and its hold switch. */
let fakeDir: string;
const previousTmp = process.env.TMPDIR;
/** How long a recogniser may take to start on a busy machine (the first one spawns its process). */
const SOON = { timeout: 10_000, interval: 20 };

const fakeRecognizer = (dir: string) => `#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = -ctl ] && ctl=$2; shift; done
while IFS= read -r id; do
  echo "$id" >> '${dir}/started'
  while [ -e '${dir}/hold' ]; do sleep 0.02; done
  echo "words of $id ($id -100)" >&2
done < "$ctl"
`;

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'cofounder-audio-admission-'));
  process.env.TMPDIR = temp;
  fakeDir = await mkdtemp(join(temp, 'fake-recognizer-'));
  const binary = join(fakeDir, 'pocketsphinx_batch');
  await writeFile(binary, fakeRecognizer(fakeDir));
  await chmod(binary, 0o700);
  // The model folder is only linked into the live recogniser's copy (built under this file's TMPDIR): never read.
  const modelDir = join(fakeDir, 'model');
  await mkdir(modelDir);
  await writeFile(join(modelDir, 'feat.params'), '-lowerf 130\n');
  t = await startTestServer({
    ...CHAT_TEST_OPTIONS,
    env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false' },
    speechDetection: { found: true, tools: { recognizer: binary, liveRecognizer: binary, synthesizer: binary, modelDir } },
  });
});
afterAll(async () => {
  await t?.close();
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  await rm(temp, { recursive: true, force: true });
});
afterEach(async () => {
  await rm(join(fakeDir, 'hold'), { force: true });
  await rm(join(fakeDir, 'started'), { force: true });
  await vi.waitFor(() => expect(t.app.localSpeech!.pools.listening.load).toEqual({ running: 0, waiting: 0 }), SOON);
  expect((await readdir(temp)).filter((name) => name.startsWith('cofounder-audio-'))).toEqual([]);
});

/** Recordings handed to the recogniser since the test began. */
const started = async () => (await readFile(join(fakeDir, 'started'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
const hold = () => writeFile(join(fakeDir, 'hold'), '');
const letGo = () => rm(join(fakeDir, 'hold'), { force: true });
const pool = () => t.app.localSpeech!.pools.listening.load;

/** A PCM WAV of `seconds` of silence; `lie` overrides what its header declares. */
function wav(f: { rate: number; bits: 8 | 16; seconds: number; lie?: { dataBytes?: number; byteRate?: number } }): Buffer {
  const frame = f.bits / 8;
  const data = Buffer.alloc(Math.round(f.seconds * f.rate) * frame, f.bits === 8 ? 128 : 0);
  const dataBytes = f.lie?.dataBytes ?? data.length;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(f.rate, 24);
  header.writeUInt32LE(f.lie?.byteRate ?? f.rate * frame, 28);
  header.writeUInt16LE(frame, 32);
  header.writeUInt16LE(f.bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, data]);
}

function upload(user: TestUser, audio: Buffer, signal?: AbortSignal) {
  const form = new FormData();
  form.set('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'recording.wav');
  return fetch(`${t.baseUrl}/transcription`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form, signal });
}

async function voiceSecondsUsed(user: TestUser): Promise<number> {
  const [row] = await t.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
  return row?.voiceSeconds ?? 0;
}

/** The answer, or null when none came within `ms` (a request the server holds on to). */
const within = <T>(ms: number, answer: Promise<T>) => Promise.race([answer, delay(ms).then(() => null)]);

describe('local transcription admits audio by its real duration', () => {
  it('a 24 MB WAV declaring 4 kHz 8-bit (6,000 s) is refused 413 before anything is decoded or queued', async () => {
    const founder = await signedInUser(t);
    const long = wav({ rate: 4000, bits: 8, seconds: 6000 });
    expect(long.length).toBeLessThan(VOICE.maxUploadBytes);
    const res = await upload(founder, long);
    expect(res.status).toBe(413);
    expect(TranscribeFailure.parse(await res.json())).toEqual({ error: VOICE_TEXT.audioTooLong, message: VOICE_TEXT.tooLarge, estimatedDuration: 6000 });
    // Just past the limit, as base64 JSON: refused the same way.
    const json = await call(t, 'POST', '/api/transcribe', {
      token: founder.token,
      body: { audio_data: wav({ rate: 4000, bits: 8, seconds: VOICE.maxRecordingSeconds + 25 }).toString('base64') },
    });
    expect(json.status).toBe(413);
    expect(await started()).toEqual([]);
    expect(pool()).toEqual({ running: 0, waiting: 0 });
    expect(await voiceSecondsUsed(founder)).toBe(0);
  });

  it('a WAV header that does not match its file is refused 400 with the format alert, never recognised', async () => {
    const founder = await signedInUser(t);
    const lies = [
      wav({ rate: 16_000, bits: 16, seconds: 0.25, lie: { dataBytes: 1_000_000 } }), // more audio than the file holds
      wav({ rate: 16_000, bits: 16, seconds: 2, lie: { byteRate: 1000 } }), // a byte rate its format does not have
    ];
    for (const lie of lies) {
      const res = await upload(founder, lie);
      expect(res.status).toBe(400);
      const body = TranscribeFailure.parse(await res.json());
      expect(body.error).toBe(VOICE_TEXT.unsupportedFormat);
      expect(body.message).toMatch(/^The WAV header does not match the file: /);
    }
    expect(await started()).toEqual([]);
    expect(await voiceSecondsUsed(founder)).toBe(0);
  });

  it('a recording longer than the minutes left is refused 429 and usage is unchanged; a shorter one is heard', async () => {
    const founder = await signedInUser(t);
    await call(t, 'GET', '/api/subscription/usage-details', { token: founder.token }); // the plan row
    const used = 14 * 60; // of the trial's 15 minutes
    await t.database.db.insert(usageCounters).values({ userId: founder.id, month: monthKey(new Date(t.clock.now())), voiceSeconds: used });
    const res = await upload(founder, wav({ rate: 16_000, bits: 16, seconds: 90 }));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: 'rate_limited',
      message: 'This recording is longer than the 1 min 0 s of voice time you have left this month. Record a shorter message or upgrade your plan.',
    });
    expect(await started()).toEqual([]);
    expect(await voiceSecondsUsed(founder)).toBe(used);
    const short = await upload(founder, wav({ rate: 8000, bits: 16, seconds: 30 }));
    expect(short.status).toBe(200);
    expect(TranscriptionResponse.parse(await short.json()).duration).toBe(30);
    expect(await voiceSecondsUsed(founder)).toBe(used + 30);
  });
});

describe('local transcription works only for a waiting client, one recording per founder at a time', () => {
  const note = wav({ rate: 16_000, bits: 16, seconds: 1 });

  it("a founder's second recording while the first is recognised gets 429; another founder's goes ahead", async () => {
    const [founder, other] = [await signedInUser(t), await signedInUser(t)];
    await hold();
    try {
      const first = upload(founder, note);
      await vi.waitFor(async () => expect(await started()).toHaveLength(1), SOON);
      const second = await within(5000, upload(founder, note));
      expect(second?.status).toBe(429);
      expect(Number(second?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await second?.json()).toEqual({
        error: 'rate_limited',
        message: 'Your previous recording is still being transcribed. Please wait for it to finish, then send this one.',
      });
      const others = upload(other, note);
      await vi.waitFor(async () => expect(await started()).toHaveLength(2), SOON);
      await letGo();
      expect((await first).status).toBe(200);
      expect((await others).status).toBe(200);
      expect(await voiceSecondsUsed(founder)).toBe(1);
    } finally {
      await letGo();
    }
  });

  it('a recording whose client gave up while it waited in line is dropped, never recognised', async () => {
    const [founder, busy1, busy2] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    await hold();
    try {
      const busy = [upload(busy1, note), upload(busy2, note)];
      await vi.waitFor(async () => expect(await started()).toHaveLength(2), SOON);
      const client = new AbortController();
      const gaveUp = upload(founder, note, client.signal).catch(() => 'aborted');
      await vi.waitFor(() => expect(pool()).toEqual({ running: 2, waiting: 1 }), SOON);
      client.abort();
      expect(await gaveUp).toBe('aborted');
      // Out of the line at once, while both recognisers are still busy.
      await vi.waitFor(() => expect(pool()).toEqual({ running: 2, waiting: 0 }), SOON);
      await letGo();
      for (const res of await Promise.all(busy)) expect(res.status).toBe(200);
      expect(await started()).toHaveLength(2);
      expect(await voiceSecondsUsed(founder)).toBe(0);
    } finally {
      await letGo();
    }
  });

  it('a recording whose client gave up while it was recognised is stopped there, and not counted', async () => {
    const founder = await signedInUser(t);
    await hold();
    try {
      const client = new AbortController();
      const gaveUp = upload(founder, note, client.signal).catch(() => 'aborted');
      await vi.waitFor(async () => expect(await started()).toHaveLength(1), SOON);
      client.abort();
      expect(await gaveUp).toBe('aborted');
      // The recogniser is stopped though it never answered (the hold is still on).
      await vi.waitFor(() => expect(pool()).toEqual({ running: 0, waiting: 0 }), SOON);
      expect(await voiceSecondsUsed(founder)).toBe(0);
      // The founder's slot is free again.
      await letGo();
      expect((await upload(founder, note)).status).toBe(200);
    } finally {
      await letGo();
    }
  });
});
