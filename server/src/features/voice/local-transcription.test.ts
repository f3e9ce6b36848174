import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_VOICE, TranscriptionResponse, TranscriptionStatus, VOICE_TEXT } from '@cofounder/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { detectLocalSpeech, installCommand } from '../../providers/voice/local/detect.ts';
import { parseWav, secondsOf } from '../../providers/voice/local/wav.ts';
import { CHAT_TEST_OPTIONS } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { FOUNDER_SENTENCES, synthesize, wordAccuracy } from '../../test/speech.ts';
import { call, signedInUser, type TestUser } from '../../test/users.ts';
import { WEBM_HEAD, webm } from './voice-test-setup.ts';

// Issue 24 §1 and §4: with no speech key, voice notes are transcribed by pocketsphinx on this machine. Speech is
// made at test time with flite and goes through the real upload route, the pool and the recogniser.

const detection = detectLocalSpeech();
/** The word accuracy the issue asks of the fixed founder sentences. */
const MIN_ACCURACY = 0.85;

let t: TestServer;
/** This file's own temp folder (TMPDIR while it runs): what the uploads and the recogniser leave behind shows here. */
let temp: string;
let audioDir: string;
const previousTmp = process.env.TMPDIR;
/** The founder sentences as flite speaks them, made once. */
const spoken: Buffer[] = [];

function upload(user: TestUser, audio: Buffer, type = 'audio/wav', filename = 'recording.wav', server = t) {
  const form = new FormData();
  form.set('audio', new Blob([new Uint8Array(audio)], { type }), filename);
  return fetch(`${server.baseUrl}/transcription`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
}

/** Recogniser processes this process started that are running now (from /proc: what the pool cannot misreport). */
async function recognizersRunning(): Promise<number> {
  let count = 0;
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === process.pid && LOCAL_VOICE.binaries.recognizer.startsWith(comm)) count += 1;
  }
  return count;
}

describe.skipIf(!detection.found)(
  `local transcription with pocketsphinx${detection.found ? '' : ` (skipped: ${detection.found === false && detection.reason})`}`,
  () => {
    beforeAll(async () => {
      temp = await mkdtemp(join(tmpdir(), 'cofounder-local-voice-test-'));
      audioDir = await mkdtemp(join(tmpdir(), 'cofounder-local-voice-audio-'));
      if (!detection.found) return;
      for (const [i, sentence] of FOUNDER_SENTENCES.entries()) {
        spoken.push((await synthesize(detection.tools.synthesizer, sentence, audioDir, `sentence-${i}`)).wav);
      }
      // No key: the server's voice is pocketsphinx on this machine, as on a fresh clone.
      t = await startTestServer({ ...CHAT_TEST_OPTIONS, env: { ...CHAT_TEST_OPTIONS.env, USER_RATE_LIMITS: 'false' } });
      process.env.TMPDIR = temp;
    });
    afterAll(async () => {
      await t?.close();
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      await rm(temp, { recursive: true, force: true });
      await rm(audioDir, { recursive: true, force: true });
    });
    // Every upload's temp file and every recording handed to a recogniser is removed, whatever the answer (the
    // recognisers' own private cofounder-stt-* folder stays while they are loaded, holding their lists of names).
    afterEach(async () => {
      const left = await readdir(temp);
      expect(left.filter((name) => !name.startsWith('cofounder-stt-'))).toEqual([]);
      for (const dir of left) expect((await readdir(join(temp, dir))).filter((name) => !name.endsWith('.ctl'))).toEqual([]);
    });

    it('reports local transcription with pocketsphinx, in the status and the public config', async () => {
      const founder = await signedInUser(t);
      const res = await call(t, 'GET', '/transcription/status', { token: founder.token });
      expect(TranscriptionStatus.parse(await res.json())).toEqual({ available: true, engine: 'local', provider: 'pocketsphinx', reason: null });
      const config = await (await call(t, 'GET', '/api/config')).json();
      expect(config.voice).toEqual({ transcription: true, calls: true, engine: 'local', reason: null });
      expect(t.app.voice.describe).toBe('local (pocketsphinx + flite)');
    });

    it(`hears the ten founder sentences with at least ${MIN_ACCURACY * 100} % of the words right`, async () => {
      const founder = await signedInUser(t);
      const pairs: Array<{ said: string; heard: string }> = [];
      for (const [i, said] of FOUNDER_SENTENCES.entries()) {
        const res = await upload(founder, spoken[i]!);
        expect(res.status).toBe(200);
        const body = TranscriptionResponse.parse(await res.json());
        // The recogniser's own duration: the audio's length, not a size estimate.
        expect(body.duration).toBeCloseTo(secondsOf(parseWav(spoken[i]!)!), 1);
        pairs.push({ said, heard: body.text });
      }
      const accuracy = wordAccuracy(pairs);
      console.log(`local transcription: word accuracy ${(accuracy * 100).toFixed(1)} % over ${pairs.length} founder sentences`);
      for (const { said, heard } of pairs) console.log(`  said "${said}" → heard "${heard}"`);
      expect(accuracy).toBeGreaterThanOrEqual(MIN_ACCURACY);
    }, 180_000);

    it('base64 WAV through /api/transcribe is heard too', async () => {
      const founder = await signedInUser(t);
      const sentence = FOUNDER_SENTENCES[6];
      const res = await call(t, 'POST', '/api/transcribe', { token: founder.token, body: { audio_data: spoken[6]!.toString('base64') } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { transcript: string; duration: number };
      expect(wordAccuracy([{ said: sentence, heard: body.transcript }])).toBeGreaterThanOrEqual(0.8);
    }, 60_000);

    it('five founders at once: every upload is answered, at most two recognisers run, the rest wait in line', async () => {
      const founders = await Promise.all(Array.from({ length: 5 }, () => signedInUser(t)));
      const pool = t.app.localSpeech!.pools.listening;
      let mostRunning = 0;
      let mostProcesses = 0;
      let mostWaiting = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          mostRunning = Math.max(mostRunning, pool.load.running);
          mostWaiting = Math.max(mostWaiting, pool.load.waiting);
          mostProcesses = Math.max(mostProcesses, await recognizersRunning());
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const answers = await Promise.all(founders.map((founder, i) => upload(founder, spoken[i]!))).finally(() => (sampling = false));
      await sampler;
      const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.json() })));
      for (const { status, body } of bodies) {
        expect(status).toBe(200);
        expect(TranscriptionResponse.parse(body).text.length).toBeGreaterThan(0);
      }
      expect({ mostRunning, mostProcesses }).toEqual({ mostRunning: 2, mostProcesses: 2 });
      expect(mostWaiting).toBeGreaterThanOrEqual(1);
      expect(pool.load).toEqual({ running: 0, waiting: 0 });
    }, 120_000);

    it('a corrupt WAV and a non-WAV recording: 400 with the format texts, nothing left behind', async () => {
      const founder = await signedInUser(t);
      const expected = { error: VOICE_TEXT.unsupportedFormat, message: VOICE_TEXT.localUploadFormat };
      // A RIFF/WAVE header followed by garbage: a WAV in name only.
      const garbage = Buffer.concat([Buffer.from('RIFF\x24\x10\x00\x00WAVE', 'latin1'), Buffer.from('\x99not-a-chunk'.repeat(400), 'latin1')]);
      const corrupt = await upload(founder, garbage);
      expect(corrupt.status).toBe(400);
      expect(await corrupt.json()).toEqual(expected);
      // What MediaRecorder makes (webm): the local recogniser takes WAV only, and says so.
      const recorded = await upload(founder, webm(4000), 'audio/webm', 'recording.webm');
      expect(recorded.status).toBe(400);
      expect(await recorded.json()).toEqual(expected);
      const json = await call(t, 'POST', '/api/transcribe', { token: founder.token, body: { audio_data: WEBM_HEAD.toString('base64') } });
      expect(json.status).toBe(400);
      expect(await json.json()).toEqual(expected);
      expect(t.app.localSpeech!.pools.listening.load).toEqual({ running: 0, waiting: 0 });
    });

    it('a machine without pocketsphinx: voice off, with what is missing and the one install command', async () => {
      const missing = detectLocalSpeech('', process.platform);
      expect(missing.found).toBe(false);
      const off = await startTestServer({ ...CHAT_TEST_OPTIONS, speechDetection: missing });
      try {
        const founder = await signedInUser(off);
        const status = TranscriptionStatus.parse(await (await call(off, 'GET', '/transcription/status', { token: founder.token })).json());
        expect(status).toMatchObject({ available: false, engine: null, provider: null });
        expect(status.reason).toContain(installCommand());
        expect(status.reason).toMatch(/^Local voice needs pocketsphinx, .*flite: /);
        expect((await (await call(off, 'GET', '/api/config')).json()).voice).toEqual({ transcription: false, calls: false, engine: null, reason: status.reason });
        expect(off.app.voice.describe).toBe(`off (${status.reason})`);
        expect((await upload(founder, spoken[0]!, 'audio/wav', 'recording.wav', off)).status).toBe(503);
      } finally {
        await off.close();
      }
    });
  },
);
